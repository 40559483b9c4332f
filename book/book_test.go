package book

import (
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

func TestAllEightImagesHitTheEntryAndMapTheMoveBack(t *testing.T) {
	b := builtBook(t)
	rules := bitboard.DefaultRules(bitboard.Othello)
	checked := 0
	for i := range b.recs {
		key := b.recs[i].key
		base, ok := b.Lookup(bitboard.FromBoard(key, bitboard.Black, rules))
		if !ok {
			continue
		}
		want, _ := keyOf(key.Play(base.Best, bitboard.Flips(base.Best, key.P, key.O)))
		for s := range bitboard.NumSymmetries {
			img := key.Symmetric(s)
			e, ok := b.Lookup(bitboard.FromBoard(img, bitboard.White, rules))
			if !ok {
				t.Fatalf("image %d of %s not found", s, bitboard.BoardString(key, bitboard.Black))
			}
			if e.Value != base.Value || e.Games != base.Games || e.LeafValue != base.LeafValue {
				t.Fatalf("image %d: entry %+v, want %+v", s, e, base)
			}
			if e.Best != bitboard.SymmetrySquare(base.Best, s) {
				// A symmetric board may name another of equivalent moves.
				if got, _ := keyOf(img.Play(e.Best, bitboard.Flips(e.Best, img.P, img.O))); got != want {
					t.Fatalf("image %d: best %s leads elsewhere than %s", s,
						bitboard.SquareName(e.Best), bitboard.SquareName(base.Best))
				}
			}
			if img.Moves()&bitboard.Bit(e.Best) == 0 {
				t.Fatalf("image %d: best %s is not legal there", s, bitboard.SquareName(e.Best))
			}
		}
		checked++
	}
	if checked < 20 {
		t.Fatalf("only %d positions checked", checked)
	}
}

func TestPositionThatMustPassIsNeverInTheBook(t *testing.T) {
	// Black on b1 cannot take the corner disc a1; White can play c1.
	x := bitboard.Board{P: bitboard.Bit(1), O: bitboard.Bit(0)}
	n, passed, ok := normalize(x)
	if !ok || !passed || n != x.Pass() {
		t.Fatalf("normalize = %v %v %v, want the passed board", n, passed, ok)
	}
	b := New()
	c, _ := n.Canonical()
	b.add(c, 1)
	b.recs[0].leaf, b.recs[0].leafValue, b.recs[0].depth = uint8(bitboard.SymmetrySquare(2, mustSym(n))), 5, 4
	b.Negamax()
	rules := bitboard.DefaultRules(bitboard.Othello)
	if _, ok := b.Lookup(bitboard.FromBoard(x, bitboard.Black, rules)); ok {
		t.Fatal("the side that must pass found a book entry")
	}
	e, ok := b.Lookup(bitboard.FromBoard(n, bitboard.White, rules))
	if !ok || e.Best != 2 || e.Value != 5 {
		t.Fatalf("after the pass: %+v %v, want c1 worth 5", e, ok)
	}
}

// mustSym returns the symmetry that takes x to its canonical form.
func mustSym(x bitboard.Board) int {
	_, s := x.Canonical()
	return s
}

func TestUnsearchedPositionIsNotAnswered(t *testing.T) {
	b := seededBook(t, 2, 4)
	if _, ok := b.Lookup(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))); ok {
		t.Fatal("a seeded book answered before any search")
	}
}
