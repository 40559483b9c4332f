package book

import (
	"fmt"

	"github.com/sable-othello/sable/bitboard"
)

// Node is a book position as stored, in its canonical orientation: the view
// of the book that its builders (tools/bookbuild) read, with AddGames and
// SetLeaf the changes they make. Moves are canonical squares.
type Node struct {
	Key    bitboard.Board // canonical board, side to move first
	Games  int            // games through the position
	Valued bool           // Value and Best hold a negamax result
	Value  int            // negamax value in discs for the side to move
	Best   int            // the move that reaches Value, or NoMove
	Leaf   Leaf
	// LeafStale is set when the leaf's move now leads into the book, so
	// that the leaf no longer stands for the best move out of it.
	LeafStale bool
}

// Node returns the position stored under canonical board c.
func (b *Book) Node(c bitboard.Board) (Node, bool) {
	r := b.find(c)
	if r == nil {
		return Node{}, false
	}
	return Node{
		Key: r.key, Games: int(r.games), Valued: r.valued(), Value: int(r.value), Best: square(r.best),
		Leaf:      Leaf{Move: square(r.leaf), Value: int(r.leafValue), Depth: int(r.depth), Exact: r.flags&flagExact != 0},
		LeafStale: b.leafStale(r),
	}, true
}

// square reads a stored move.
func square(sq uint8) int {
	if sq == noSquare {
		return NoMove
	}
	return int(sq)
}

// Keys returns the canonical boards of the book's positions, sorted (by P,
// then O), as the file stores them.
func (b *Book) Keys() []bitboard.Board {
	keys := make([]bitboard.Board, 0, len(b.recs))
	for _, i := range b.sorted() {
		keys = append(keys, b.recs[i].key)
	}
	return keys
}

// AddGames counts games more through canonical board c, adding the
// position when the book does not hold it (its leaf then waits for a
// search), and reports whether it was added. c must have a move for the
// side to move, as keys do.
func (b *Book) AddGames(c bitboard.Board, games int) bool {
	if r := b.find(c); r != nil {
		r.games += uint32(games)
		return false
	}
	b.add(c, uint32(games))
	return true
}

// SetLeaf stores the leaf of the position of canonical board c, which the
// book must hold. Values change with the next Negamax.
func (b *Book) SetLeaf(c bitboard.Board, lf Leaf) {
	r := b.find(c)
	r.leaf, r.leafValue, r.depth = noSquare, int8(lf.Value), uint8(lf.Depth)
	if lf.Move != NoMove {
		r.leaf = uint8(lf.Move)
	}
	r.flags &^= flagExact
	if lf.Exact {
		r.flags |= flagExact
	}
}

// GameKeys replays moves from start and returns the book keys of the
// positions at plies 0..plies from the start, where the game is not over.
// Passes may be written (bitboard.PassMove) or left out. It fails, naming
// the move, on an illegal move.
func GameKeys(start bitboard.Position, moves []int, plies int) ([]bitboard.Board, error) {
	pos := start
	keys := make([]bitboard.Board, 0, plies+1)
	played := 0
	for i := 0; ; i++ {
		if i < len(moves) && moves[i] == bitboard.PassMove {
			if !pos.MustPass() {
				return nil, fmt.Errorf("move %d: pass while a move exists", i+1)
			}
			pos = pos.Pass()
			continue
		}
		if pos.MustPass() {
			pos = pos.Pass()
		}
		if !pos.GameOver() {
			c, _ := pos.Board.Canonical()
			keys = append(keys, c)
		}
		if i == len(moves) || played == plies {
			return keys, nil
		}
		if m := moves[i]; m < 0 || m > 63 || !pos.Legal(m) {
			return nil, fmt.Errorf("move %d: illegal move %s", i+1, bitboard.SquareName(m))
		}
		pos = pos.Play(moves[i])
		played++
	}
}

// InBook reports whether move sq of canonical board c leads to a position
// the book holds (not to the end of the game).
func (b *Book) InBook(c bitboard.Board, sq int) bool {
	st := Follow(c, sq)
	return !st.Over && b.has(st.Key)
}
