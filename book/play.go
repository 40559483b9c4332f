package book

import (
	"math/bits"
	"math/rand/v2"
	"slices"

	"github.com/sable-othello/sable/bitboard"
)

// Move is a move the book values, in the orientation of the position asked
// about.
type Move struct {
	Square int
	Value  int // discs for the side to move
	// InBook is set when the move leads to a book position; otherwise the
	// move is the position's leaf, valued by a search.
	InBook bool
	Games  int  // games through the position after the move (0 for a leaf)
	Depth  int  // search depth (or level) of the leaf behind the value
	Exact  bool // the value is a leaf's exact final score
}

// Moves returns the legal moves of pos that the book values, best first:
// the moves into book positions and the leaf (with any move equivalent to
// it by symmetry). The first is the entry's Best. Moves is empty when pos
// is not in the book. Use it for hints such as NBoard's "book" lines.
func (b *Book) Moves(pos bitboard.Position) []Move {
	legal := pos.Moves()
	if legal == 0 {
		return nil
	}
	c, s := pos.Board.Canonical()
	r := b.find(c)
	if r == nil || !r.valued() {
		return nil
	}
	hasLeaf := r.depth > 0 && r.leaf != noSquare && !b.leafStale(r)
	var leafStep Step
	if hasLeaf {
		leafStep = Follow(c, int(r.leaf))
	}
	type ranked struct {
		Move
		cs int // the square in the canonical orientation
	}
	var rs []ranked
	for ; legal != 0; legal &= legal - 1 {
		sq := bits.TrailingZeros64(legal)
		cs := bitboard.SymmetrySquare(sq, s)
		st := Follow(c, cs)
		if ch := b.find(st.Key); !st.Over && ch != nil && ch.valued() {
			rs = append(rs, ranked{Move{Square: sq, Value: st.Sign * int(ch.value), InBook: true,
				Games: int(ch.games), Depth: int(ch.depth)}, cs})
			continue
		}
		if hasLeaf && (cs == int(r.leaf) || (!st.Over && !leafStep.Over && st.Key == leafStep.Key)) {
			rs = append(rs, ranked{Move{Square: sq, Value: int(r.leafValue), Depth: int(r.depth),
				Exact: r.flags&flagExact != 0}, cs})
		}
	}
	// Negamax's order, with the entry's best move first among equals.
	slices.SortFunc(rs, func(x, y ranked) int {
		switch {
		case x.cs == y.cs:
			return 0
		case x.Value != y.Value:
			return y.Value - x.Value
		case x.cs == int(r.best):
			return -1
		case y.cs == int(r.best):
			return 1
		}
		if (choice{0, x.InBook, uint32(x.Games), uint8(x.cs)}).beats(choice{0, y.InBook, uint32(y.Games), uint8(y.cs)}) {
			return -1
		}
		return 1
	})
	out := make([]Move, len(rs))
	for i := range rs {
		out[i] = rs[i].Move
	}
	return out
}

// Choose picks the move to play in pos: with randomness k (in discs),
// uniformly among the book moves within k discs of the best, drawn from
// rng; the best move when k is 0 or rng is nil. ok is false when pos is
// not in the book.
func (b *Book) Choose(pos bitboard.Position, randomness int, rng *rand.Rand) (Move, bool) {
	ms := b.Moves(pos)
	if len(ms) == 0 {
		return Move{}, false
	}
	n := 1
	for n < len(ms) && ms[n].Value >= ms[0].Value-randomness {
		n++
	}
	if rng == nil || n == 1 {
		return ms[0], true
	}
	return ms[rng.IntN(n)], true
}

// Line returns the book's principal variation from pos, at most max
// moves: the best move of each position while the positions are in the
// book, ending with a leaf move when the line leaves it. Forced passes are
// played but not written.
func (b *Book) Line(pos bitboard.Position, max int) []int {
	var line []int
	for len(line) < max {
		ms := b.Moves(pos)
		if len(ms) == 0 {
			break
		}
		line = append(line, ms[0].Square)
		if !ms[0].InBook {
			break
		}
		pos = pos.Play(ms[0].Square)
		if pos.MustPass() {
			pos = pos.Pass()
		}
	}
	return line
}
