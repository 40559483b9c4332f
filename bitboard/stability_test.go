package bitboard

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// canFlipEver reports whether the disc at sq could be flipped in some future
// by brute force over one more move of either side, repeated: too slow for
// use, but enough to refute a wrong "stable" claim on small boards.
func flippableNow(b Board, sq int) bool {
	for _, side := range []Board{b, b.Pass()} {
		m := side.Moves()
		for ; m != 0; m &= m - 1 {
			if Flips(bits.TrailingZeros64(m), side.P, side.O)&Bit(sq) != 0 {
				return true
			}
		}
	}
	return false
}

func TestStableDiscsAreNeverFlippedInRandomContinuations(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for g := 0; g < 300; g++ {
		b := randomGame(rng, 30+rng.IntN(30))
		stable := Stable(b.P, b.O)
		// Play random continuations: a stable disc must never change colour.
		for trial := 0; trial < 5; trial++ {
			c := b
			mine := true // whether c.P is the original p
			for !c.GameOver() {
				for s := stable; s != 0; s &= s - 1 {
					if flippableNow(c, bits.TrailingZeros64(s)) {
						t.Fatalf("disc %s claimed stable can be flipped in %s", SquareName(bits.TrailingZeros64(s)), BoardString(c, Black))
					}
				}
				m := c.Moves()
				if m == 0 {
					c, mine = c.Pass(), !mine
					continue
				}
				sq := RandomMove(rng, m)
				c, mine = c.Play(sq, Flips(sq, c.P, c.O)), !mine
			}
			own := c.P
			if !mine {
				own = c.O
			}
			if stable&^own != 0 {
				t.Fatal("a stable disc changed colour")
			}
		}
	}
}

func TestCornersAndFullBoardAreStable(t *testing.T) {
	if Stable(Bit(0), 0) != Bit(0) {
		t.Fatal("a corner disc is stable")
	}
	if Stable(0xffffffff, 0xffffffff00000000) != 0xffffffff {
		t.Fatal("on a full board every disc is stable")
	}
	if Stable(Start().P, Start().O) != 0 {
		t.Fatal("nothing is stable at the start")
	}
}

func TestFullLinesMatchesALineByLineTest(t *testing.T) {
	// The reference tests each of the 15 lines of a diagonal direction.
	var diagonals, antiDiagonals [15]uint64
	for sq := 0; sq < 64; sq++ {
		r, c := sq/8, sq%8
		diagonals[r-c+7] |= Bit(sq) // a1-h8 direction: row-col constant
		antiDiagonals[r+c] |= Bit(sq)
	}
	full := func(occ uint64, lines [15]uint64) (f uint64) {
		for _, l := range lines {
			if occ&l == l {
				f |= l
			}
		}
		return f
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for i := 0; i < 100000; i++ {
		// Dense boards, so that many lines are full.
		occ := rng.Uint64() | rng.Uint64() | rng.Uint64()
		if i%2 == 0 {
			occ |= rng.Uint64()
		}
		_, _, diag, anti := fullLines(occ)
		if want := full(occ, diagonals); diag != want {
			t.Fatalf("occupied %#x: full a1-h8 diagonals %#x, want %#x", occ, diag, want)
		}
		if want := full(occ, antiDiagonals); anti != want {
			t.Fatalf("occupied %#x: full h1-a8 diagonals %#x, want %#x", occ, anti, want)
		}
	}
	if _, _, diag, anti := fullLines(^uint64(0)); diag != ^uint64(0) || anti != ^uint64(0) {
		t.Fatal("on a full board every diagonal is full")
	}
}
