package bitboard

import (
	"math/rand/v2"
	"testing"
)

// scanFlips is the plain reference: walk the eight directions square by square.
func scanFlips(sq int, p, o uint64) uint64 {
	if (p|o)&Bit(sq) != 0 {
		return 0
	}
	var flips uint64
	r0, c0 := sq/8, sq%8
	for dr := -1; dr <= 1; dr++ {
		for dc := -1; dc <= 1; dc++ {
			if dr == 0 && dc == 0 {
				continue
			}
			var run uint64
			r, c := r0+dr, c0+dc
			for r >= 0 && r < 8 && c >= 0 && c < 8 && o&Bit(r*8+c) != 0 {
				run |= Bit(r*8 + c)
				r, c = r+dr, c+dc
			}
			if run != 0 && r >= 0 && r < 8 && c >= 0 && c < 8 && p&Bit(r*8+c) != 0 {
				flips |= run
			}
		}
	}
	return flips
}

// scanMoves is the reference move generator built on scanFlips.
func scanMoves(p, o uint64) uint64 {
	var m uint64
	for sq := 0; sq < 64; sq++ {
		if scanFlips(sq, p, o) != 0 {
			m |= Bit(sq)
		}
	}
	return m
}

// checkAgainstScanner compares Moves and Flips with the reference on one board.
func checkAgainstScanner(t *testing.T, b Board) {
	t.Helper()
	if got, want := Moves(b.P, b.O), scanMoves(b.P, b.O); got != want {
		t.Fatalf("Moves(%s) = %#x, want %#x", BoardString(b, Black), got, want)
	}
	for _, vector := range []bool{false, useAVX2} {
		pm, om := mobilityGo(b.P, b.O)
		if vector {
			pm, om = mobilityAVX2(b.P, b.O)
		}
		if pm != scanMoves(b.P, b.O) || om != scanMoves(b.O, b.P) {
			t.Fatalf("vector %v: Mobility(%s) = %#x, %#x, want %#x, %#x", vector, BoardString(b, Black),
				pm, om, scanMoves(b.P, b.O), scanMoves(b.O, b.P))
		}
	}
	for sq := 0; sq < 64; sq++ {
		if (b.P|b.O)&Bit(sq) != 0 {
			continue
		}
		if got, want := Flips(sq, b.P, b.O), scanFlips(sq, b.P, b.O); got != want {
			t.Fatalf("Flips(%s, %s) = %#x, want %#x", SquareName(sq), BoardString(b, Black), got, want)
		}
	}
}

// randomGame plays random legal moves from the start, stopping after plies
// moves or at the end, and returns the board reached.
func randomGame(rng *rand.Rand, plies int) Board {
	b := Start()
	for i := 0; i < plies; i++ {
		m := b.Moves()
		if m == 0 {
			if b.GameOver() {
				break
			}
			b = b.Pass()
			continue
		}
		sq := RandomMove(rng, m)
		b = b.Play(sq, Flips(sq, b.P, b.O))
	}
	return b
}

func lowest(x uint64) int {
	for sq := 0; sq < 64; sq++ {
		if x&Bit(sq) != 0 {
			return sq
		}
	}
	return -1
}

func TestMovesAndFlipsMatchScannerOnRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for g := 0; g < 2000; g++ {
		checkAgainstScanner(t, randomGame(rng, rng.IntN(61)))
	}
}

func TestMovesAndFlipsMatchScannerOnArbitraryMasks(t *testing.T) {
	// Not reachable positions, but the shifts must hold on any disjoint masks.
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < 5000; i++ {
		x, y := rng.Uint64(), rng.Uint64()
		checkAgainstScanner(t, Board{P: x &^ y, O: y &^ x})
	}
}

// FuzzMoves checks move generation and flips against the scanner on random
// reachable positions: the fuzzer picks the seed and the length of the game.
func FuzzMoves(f *testing.F) {
	f.Add(uint64(0), uint8(0))
	f.Add(uint64(1), uint8(20))
	f.Add(uint64(42), uint8(45))
	f.Add(uint64(7), uint8(60))
	f.Fuzz(func(t *testing.T, seed uint64, plies uint8) {
		rng := rand.New(rand.NewPCG(seed, uint64(plies)))
		checkAgainstScanner(t, randomGame(rng, int(plies%61)))
	})
}

func TestOpeningMoves(t *testing.T) {
	pos := NewGame(DefaultRules(Othello))
	want := []string{"d3", "c4", "f5", "e6"}
	m := pos.Moves()
	for _, name := range want {
		sq, _ := ParseSquare(name)
		if m&Bit(sq) == 0 {
			t.Errorf("%s is not a legal first move", name)
		}
		m &^= Bit(sq)
	}
	if m != 0 {
		t.Errorf("extra first moves %#x", m)
	}
}

func TestD3FlipsD4(t *testing.T) {
	pos := NewGame(DefaultRules(Othello))
	d3, _ := ParseSquare("d3")
	if f := pos.Flips(d3); f != Bit(SqD4) {
		t.Fatalf("d3 flips %#x, want d4 only", f)
	}
	pos = pos.Play(d3)
	black, white := pos.BlackWhite()
	if black != Bit(d3)|Bit(SqD4)|Bit(SqD5)|Bit(SqE4) || white != Bit(SqE5) || pos.Side != White {
		t.Fatalf("after d3: %s", FormatBoard(pos))
	}
}

func TestMovesAllocateNothing(t *testing.T) {
	b := randomGame(rand.New(rand.NewPCG(5, 6)), 30)
	allocs := testing.AllocsPerRun(100, func() {
		m := b.Moves()
		sq := lowest(m)
		b2 := b.Play(sq, Flips(sq, b.P, b.O))
		_ = b2.Hash()
		_, _ = b2.Canonical()
	})
	if allocs != 0 {
		t.Fatalf("hot functions allocate %v times", allocs)
	}
}

func newTestRand() *rand.Rand { return rand.New(rand.NewPCG(9, 9)) }

func TestVectorAndPortableGeneratorsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for i := 0; i < 20000; i++ {
		b := randomGame(rng, rng.IntN(61))
		if i%2 == 1 {
			x, y := rng.Uint64(), rng.Uint64()
			b = Board{P: x &^ y, O: y &^ x}
		}
		if movesGo(b.P, b.O) != movesAVX2(b.P, b.O) {
			t.Fatalf("moves differ on %s", BoardString(b, Black))
		}
		for s := 0; s < 64; s++ {
			if (b.P|b.O)&Bit(s) == 0 && flipsGo(s, b.P, b.O) != flipsAVX2(s, b.P, b.O) {
				t.Fatalf("flips at %s differ on %s", SquareName(s), BoardString(b, Black))
			}
		}
	}
}

func TestFlipsNearEqualsFlipsOnEveryEmptySquare(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for g := 0; g < 2000; g++ {
		b := randomGame(rng, rng.IntN(61))
		for _, side := range []Board{b, b.Pass()} {
			for sq := 0; sq < 64; sq++ {
				if (side.P|side.O)&Bit(sq) != 0 {
					continue
				}
				if got, want := FlipsNear(sq, side.P, side.O), Flips(sq, side.P, side.O); got != want {
					t.Fatalf("square %s of %s: FlipsNear %#x, Flips %#x", SquareName(sq), BoardString(side, Black), got, want)
				}
			}
		}
	}
}

// endgameFlipCases returns every empty square of boards from random games
// with 1 to 8 empties: the moves, legal or not, that the last empties'
// solver tries.
func endgameFlipCases() (sqs []int, bs []Board) {
	rng := rand.New(rand.NewPCG(41, 42))
	for len(sqs) < 4096 {
		b := randomGame(rng, 52+rng.IntN(8))
		for e := ^(b.P | b.O); e != 0; e &= e - 1 {
			sqs = append(sqs, lowest(e))
			bs = append(bs, b)
		}
	}
	return sqs, bs
}

// BenchmarkFlipsEndgame makes each call's square depend on the last result,
// as the solver's next move depends on the board the last one made.
func BenchmarkFlipsEndgame(b *testing.B) {
	sqs, bs := endgameFlipCases()
	var f uint64
	k := 0
	for b.Loop() {
		k = (k + 1 + int(f&1)) & 4095
		f = Flips(sqs[k], bs[k].P, bs[k].O)
	}
}
