package bitboard

import (
	"math/rand/v2"
	"testing"
)

func TestSymmetriesMapSquaresAsNamed(t *testing.T) {
	cases := []struct {
		s        int
		from, to string
	}{
		{1, "a1", "h1"}, {2, "a1", "a8"}, {4, "b1", "a2"}, {3, "b1", "g8"}, {5, "b1", "a7"},
	}
	for _, c := range cases {
		if got := SymmetrySquare(sq(t, c.from), c.s); got != sq(t, c.to) {
			t.Errorf("symmetry %d maps %s to %s, want %s", c.s, c.from, SquareName(got), c.to)
		}
	}
}

func TestSymmetricBoardsShareCanonicalFormAndMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 500; i++ {
		b := randomGame(rng, rng.IntN(60))
		c, _ := b.Canonical()
		for s := 0; s < NumSymmetries; s++ {
			img := b.Symmetric(s)
			if back := img.Symmetric(InverseSymmetry(s)); back != b {
				t.Fatalf("inverse of symmetry %d does not undo it", s)
			}
			if got, _ := img.Canonical(); got != c {
				t.Fatalf("symmetry %d changes the canonical form", s)
			}
			if Symmetry(b.Moves(), s) != img.Moves() {
				t.Fatalf("moves are not symmetric under %d", s)
			}
		}
		if cc, s := b.Canonical(); b.Symmetric(s) != cc {
			t.Fatal("Canonical's symmetry does not map the board onto it")
		}
	}
}

func TestHashDiffersBetweenSidesAndPositions(t *testing.T) {
	b := Start()
	if b.Hash() == b.Pass().Hash() {
		t.Fatal("the side to move must change the hash")
	}
	seen := map[uint64]Board{}
	rng := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 20000; i++ {
		x := randomGame(rng, rng.IntN(60))
		if y, ok := seen[x.Hash()]; ok && y != x {
			t.Fatalf("hash collision between %v and %v", x, y)
		}
		seen[x.Hash()] = x
	}
}
