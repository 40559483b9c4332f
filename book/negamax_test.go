package book

import (
	"math/rand/v2"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

// minimax values board x (x to move, any orientation) by plain recursion
// over the book's tree: the best of its moves into valued book positions
// and of its leaf, reading the leaf back through the symmetry.
func minimax(b *Book, x bitboard.Board) (int, bool) {
	c, s := x.Canonical()
	r := b.find(c)
	if r == nil {
		return 0, false
	}
	best, found := -65, false
	leafSq := -1
	if r.depth > 0 && r.leaf != noSquare {
		leafSq = bitboard.SymmetrySquare(int(r.leaf), bitboard.InverseSymmetry(s))
	}
	for m := range 64 {
		if x.Moves()&bitboard.Bit(m) == 0 {
			continue
		}
		next := x.Play(m, bitboard.Flips(m, x.P, x.O))
		sign := -1
		if next.Moves() == 0 {
			if next.GameOver() {
				continue
			}
			next, sign = next.Pass(), 1
		}
		if v, ok := minimax(b, next); ok {
			best, found = max(best, sign*v), true
		} else if m == leafSq {
			best, found = max(best, int(r.leafValue)), true
		}
	}
	return best, found
}

func TestNegamaxMatchesPlainMinimax(t *testing.T) {
	b := seededBook(t, 12, 12)
	// Arbitrary leaves make every line matter, not only the searched ones.
	rng := rand.New(rand.NewPCG(7, 7))
	for i := range b.recs {
		r := &b.recs[i]
		var out []int
		for m := range 64 {
			if st := Follow(r.key, m); r.key.Moves()&bitboard.Bit(m) != 0 && !st.Over && !b.has(st.Key) {
				out = append(out, m)
			}
		}
		r.depth = 1
		if len(out) > 0 && rng.IntN(4) > 0 {
			r.leaf, r.leafValue = uint8(out[rng.IntN(len(out))]), int8(rng.IntN(41)-20)
		}
	}
	b.Negamax()
	for i := range b.recs {
		r := &b.recs[i]
		want, ok := minimax(b, r.key.Symmetric(i%bitboard.NumSymmetries))
		if ok != r.valued() || (ok && want != int(r.value)) {
			t.Fatalf("%s: negamax %d (valued %v), minimax %d (%v)",
				bitboard.BoardString(r.key, bitboard.Black), r.value, r.valued(), want, ok)
		}
	}
	start, _ := b.Lookup(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)))
	t.Logf("%d positions, start value %d", b.Len(), start.Value)
}
