package book

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/search"
)

// Names of books that are not files, as the book setting reads them.
const (
	DefaultName = "default" // the embedded book
	OffName     = "off"     // no book
)

// learnDepth is the search depth of the positions a learned game adds: the
// depth the embedded book was built at.
const learnDepth = 7

// lineLength bounds the book lines given after a move.
const lineLength = 12

// Player plays as an engine with a book does: the book's move while the
// position is in it, drawn among the moves within Randomness discs of the
// best, and a search outside it. It learns games into its book, saved to
// its file when it has one. The protocols only translate its answers.
// Choose and Hints may be called from several goroutines at once (the
// pages of sable web share one player); Learn may not.
type Player struct {
	// Randomness lets the book play any of its moves within this many
	// discs of the best, so that games vary.
	Randomness int
	book       *Book      // nil when off
	file       string     // where learned games are saved; "" for none
	mu         sync.Mutex // guards rng
	rng        *rand.Rand // the draws among near-best moves
}

// NewPlayer returns a player with the book called name: OffName, DefaultName
// (the embedded book) or a file. A file that does not exist yet starts as
// the embedded book, and learned games create it; its directory must exist.
// Errors name the file once. Book choices are seeded from the clock, so
// that games vary from session to session.
func NewPlayer(name string, randomness int) (*Player, error) {
	seed := uint64(time.Now().UnixNano())
	p := &Player{Randomness: randomness, rng: rand.New(rand.NewPCG(seed, seed>>32^uint64(os.Getpid())))}
	var err error
	p.book, err = OpenNamed(name)
	if name != OffName && name != DefaultName {
		p.file = name
		if errors.Is(err, fs.ErrNotExist) {
			dir := filepath.Dir(name)
			if st, serr := os.Stat(dir); serr != nil || !st.IsDir() {
				return nil, fmt.Errorf("book %s: no directory %s to save learned games in", name, dir)
			}
			p.book, err = Default()
		}
	}
	if err != nil {
		return nil, err
	}
	return p, nil
}

// Book returns the player's book, or nil when it plays without one: a game
// review values moves with it.
func (p *Player) Book() *Book { return p.book }

// Choose returns the move for pos and whether it came from the book: the
// book's, with its line as the PV, or else a search of s within lim.
func (p *Player) Choose(ctx context.Context, pos bitboard.Position, s Searcher, lim search.Limits) (search.Result, bool) {
	if p.book != nil {
		p.mu.Lock()
		m, ok := p.book.Choose(pos, p.Randomness, p.rng)
		p.mu.Unlock()
		if ok {
			res := search.Result{Move: m.Square}
			res.Score, res.Depth, res.Exact = m.Value, m.Depth, m.Exact
			res.PV = append([]int{m.Square}, p.book.Line(pos.Play(m.Square), lineLength)...)
			return res, true
		}
	}
	return s.Search(ctx, pos, lim, nil), false
}

// Hint is a book move with the book's line from it.
type Hint struct {
	Move
	Line []int // the move, then the book's best line after it
}

// Hints returns the book's moves for pos, best first, at most count.
func (p *Player) Hints(pos bitboard.Position, count int) []Hint {
	if p.book == nil {
		return nil
	}
	moves := p.book.Moves(pos)
	hints := make([]Hint, min(count, len(moves)))
	for i := range hints {
		m := moves[i]
		hints[i] = Hint{m, append([]int{m.Square}, p.book.Line(pos.Play(m.Square), lineLength)...)}
	}
	return hints
}

// Learn adds a game (moves from start) to the book, searching the new
// positions with s, and saves the book to its file. It answers where the
// game went.
func (p *Player) Learn(ctx context.Context, start bitboard.Position, moves []int, s Searcher) (string, error) {
	if p.book == nil {
		return "", errors.New("learn: the book is off")
	}
	if err := p.book.Learn(ctx, start, moves, s, LearnConfig{Effort: Effort{Depth: learnDepth}}); err != nil {
		return "", err
	}
	if p.file == "" {
		return "learned for this session (set a book file to keep it)", nil
	}
	if err := p.book.Save(p.file); err != nil {
		return "", fmt.Errorf("learn: %w", err)
	}
	return "learned into " + p.file, nil
}
