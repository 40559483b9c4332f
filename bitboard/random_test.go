package bitboard

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

func TestNthSquareCountsTheSetBitsFromTheLowest(t *testing.T) {
	moves := Start().Moves() // d3 c4 f5 e6
	for k, want := range []string{"d3", "c4", "f5", "e6"} {
		if got := SquareName(NthSquare(moves, k)); got != want {
			t.Errorf("square %d of the start's moves is %s, want %s", k, got, want)
		}
	}
}

func TestRandomMoveDrawsEveryMoveAndOnlyMoves(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	moves := Start().Moves()
	seen := map[int]int{}
	for range 400 {
		sq := RandomMove(rng, moves)
		if moves&Bit(sq) == 0 {
			t.Fatalf("drew %s, not a move", SquareName(sq))
		}
		seen[sq]++
	}
	if len(seen) != bits.OnesCount64(moves) {
		t.Errorf("drew %d distinct moves of %d: %v", len(seen), bits.OnesCount64(moves), seen)
	}
	// The draw is one rng.IntN over the moves, lowest square first: the
	// same seed picks the same move as that call names.
	a, b := rand.New(rand.NewPCG(7, 7)), rand.New(rand.NewPCG(7, 7))
	for range 50 {
		if got, want := RandomMove(a, moves), NthSquare(moves, b.IntN(4)); got != want {
			t.Fatalf("RandomMove drew %s, rng.IntN names %s", SquareName(got), SquareName(want))
		}
	}
}
