package bitboard

import (
	"math/bits"
	"testing"
)

func TestLastFlipCountMatchesFlips(t *testing.T) {
	rng := newTestRand()
	for i := 0; i < 20000; i++ {
		p := rng.Uint64()
		switch i % 4 {
		case 1:
			p &= rng.Uint64() // mostly opponent discs: long runs
		case 2:
			p |= rng.Uint64() // mostly the mover's
		}
		for sq := 0; sq < 64; sq++ {
			mine := p &^ Bit(sq)
			want := bits.OnesCount64(Flips(sq, mine, ^mine&^Bit(sq)))
			if got := LastFlipCount(sq, mine); got != want {
				t.Fatalf("p %#x, square %s: %d flips, want %d", mine, SquareName(sq), got, want)
			}
		}
	}
}

func BenchmarkLastFlipCount(b *testing.B) {
	boards := benchBoards()
	var sink int
	for i := 0; b.Loop(); i++ {
		sq := i & 63
		sink += LastFlipCount(sq, boards[i&1023].P&^Bit(sq))
	}
	_ = sink
}

func BenchmarkLastFlipByFlips(b *testing.B) {
	boards := benchBoards()
	var sink int
	for i := 0; b.Loop(); i++ {
		sq := i & 63
		p := boards[i&1023].P &^ Bit(sq)
		sink += bits.OnesCount64(Flips(sq, p, ^p&^Bit(sq)))
	}
	_ = sink
}
