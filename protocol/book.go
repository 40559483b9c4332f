package protocol

import (
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/book"
	"github.com/sable-othello/sable/search"
)

// learnEffort is the search of the positions a learned game adds to the
// book: the depth the embedded book was built at.
var learnEffort = book.Effort{Depth: 7}

// openBook reads the book a Book setting names: nil for BookOff, the
// embedded book for BookDefault, else the file, or the embedded book when
// the file does not exist yet (learned games will create it) in a directory
// that does. Errors name the file once.
func openBook(name string) (*book.Book, error) {
	switch name {
	case BookOff:
		return nil, nil
	case BookDefault:
		return book.Default()
	}
	b, err := book.Open(name)
	if errors.Is(err, fs.ErrNotExist) {
		dir := filepath.Dir(name)
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, fmt.Errorf("book %s: no directory %s to save learned games in", name, dir)
		}
		return book.Default()
	}
	return b, err
}

// chooseMove chooses the move for pos: from the book when the position is in it,
// else by searching within lim.
func (s *session) chooseMove(pos bitboard.Position, lim search.Limits) (search.Result, time.Duration) {
	if s.book != nil {
		if m, ok := s.book.Choose(pos, s.settings.BookRandomness, s.rng); ok {
			res := search.Result{Move: m.Square}
			res.Score, res.Depth, res.Exact = m.Value, m.Depth, m.Exact
			res.PV = append([]int{m.Square}, s.book.Line(pos.Play(m.Square), bookLineLength)...)
			s.logf("book move %s (%+d)", bitboard.SquareName(m.Square), m.Value)
			return res, 0
		}
	}
	return s.think(pos, lim, nil)
}

// bookLineLength bounds the book lines shown after a move.
const bookLineLength = 12

// bookLines returns the book's moves for pos, best first, at most count,
// each as the move followed by the book's line after it.
func (s *session) bookLines(pos bitboard.Position, count int) []book.Move {
	if s.book == nil {
		return nil
	}
	moves := s.book.Moves(pos)
	return moves[:min(count, len(moves))]
}

// learn adds the game so far to the book and saves it when the book is a
// file. It answers what happened, for the log.
func (s *session) learn() (string, error) {
	if s.book == nil {
		return "", errors.New("learn: the book is off")
	}
	if s.game.Start().Rules.Variant != bitboard.Othello {
		return "", errors.New("learn: only Othello games go into the book")
	}
	var moves []int
	for _, p := range s.game.Plies() {
		moves = append(moves, p.Move)
	}
	ctx, release := s.in.searchContext(s.epoch)
	defer release()
	if err := s.book.Learn(ctx, s.game.Start(), moves, s.engine, book.LearnConfig{Effort: learnEffort}); err != nil {
		return "", err // book.Learn names itself
	}
	if s.settings.Book == BookDefault {
		return "learned for this session (set a book file to keep it)", nil
	}
	if err := s.book.Save(s.settings.Book); err != nil {
		return "", fmt.Errorf("learn: %w", err)
	}
	return "learned into " + s.settings.Book, nil
}

// newBookRand seeds the book's choices from the clock, so that games vary
// from session to session.
func newBookRand() *rand.Rand {
	seed := uint64(time.Now().UnixNano())
	return rand.New(rand.NewPCG(seed, seed>>32^uint64(os.Getpid())))
}
