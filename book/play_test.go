package book

import (
	"context"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/enginetest"
)

var othello = bitboard.DefaultRules(bitboard.Othello)

func TestMovesListTheBestFirstAndOnlyLegalMoves(t *testing.T) {
	b := builtBook(t)
	for i := range b.recs {
		pos := bitboard.FromBoard(b.recs[i].key.Symmetric(i%8), bitboard.Black, othello)
		e, ok := b.Lookup(pos)
		ms := b.Moves(pos)
		if !ok {
			if len(ms) != 0 {
				t.Fatalf("moves %v for a position without a value", ms)
			}
			continue
		}
		if len(ms) == 0 || ms[0].Square != e.Best || ms[0].Value != e.Value {
			t.Fatalf("moves %+v, want the best %s (%d) first", ms, bitboard.SquareName(e.Best), e.Value)
		}
		for k, m := range ms {
			if !pos.Legal(m.Square) || (k > 0 && m.Value > ms[k-1].Value) {
				t.Fatalf("moves %+v: %s illegal or out of order", ms, bitboard.SquareName(m.Square))
			}
		}
	}
}

func TestChooseStaysWithinTheRandomness(t *testing.T) {
	b := builtBook(t)
	pos := bitboard.NewGame(othello)
	ms := b.Moves(pos)
	if len(ms) < 2 {
		t.Fatalf("start has %d book moves, want several", len(ms))
	}
	if m, ok := b.Choose(pos, 0, nil); !ok || m != ms[0] {
		t.Fatalf("Choose without randomness = %+v, want %+v", m, ms[0])
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for _, k := range []int{0, 2, 64} {
		seen := map[int]bool{}
		for range 200 {
			m, _ := b.Choose(pos, k, rng)
			if m.Value < ms[0].Value-k {
				t.Fatalf("randomness %d chose %+v, best is %d", k, m, ms[0].Value)
			}
			seen[m.Square] = true
		}
		within := 0
		for _, m := range ms {
			if m.Value >= ms[0].Value-k {
				within++
			}
		}
		if len(seen) != within {
			t.Errorf("randomness %d: played %d different moves, %d are within reach", k, len(seen), within)
		}
	}
}

func TestLineFollowsTheBestMoves(t *testing.T) {
	b := builtBook(t)
	pos := bitboard.NewGame(othello)
	line := b.Line(pos, 60)
	if len(line) < 5 {
		t.Fatalf("line %s is short", bitboard.Transcript(line))
	}
	for _, m := range line {
		ms := b.Moves(pos)
		if ms[0].Square != m {
			t.Fatalf("line %s: %s is not the best move", bitboard.Transcript(line), bitboard.SquareName(m))
		}
		pos = pos.Play(m)
		if pos.MustPass() {
			pos = pos.Pass()
		}
	}
}

func TestLearnAddsTheGameAndCountsItAgain(t *testing.T) {
	b := New()
	game := enginetest.RandomGames(1, 99)[0]
	cfg := LearnConfig{Plies: 20, Effort: testEffort}
	s := newSearcher(t)
	start := bitboard.NewGame(othello)
	if err := b.Learn(context.Background(), start, game, s, cfg); err != nil {
		t.Fatal(err)
	}
	if b.Len() != 21 {
		t.Fatalf("book has %d positions, want the 21 of plies 0..20", b.Len())
	}
	if err := b.Learn(context.Background(), start, game, s, cfg); err != nil {
		t.Fatal(err)
	}
	pos := start
	for i, m := range game[:20] {
		e, ok := b.Lookup(pos)
		if !ok || e.Games != 2 {
			t.Fatalf("ply %d: %+v %v, want a valued entry with 2 games", i, e, ok)
		}
		pos = pos.Play(m)
		if pos.MustPass() {
			pos = pos.Pass()
		}
	}
	bad := append(append([]int{}, game[:10]...), game[3])
	if err := b.Learn(context.Background(), start, bad, s, cfg); err == nil || !strings.Contains(err.Error(), "move 11") {
		t.Fatalf("learning an illegal game: %v, want an error naming move 11", err)
	}
	classic := bitboard.NewGame(bitboard.DefaultRules(bitboard.Classic))
	if err := b.Learn(context.Background(), classic, nil, s, cfg); err == nil {
		t.Fatal("a classic game was learned")
	}
}

func TestClassicPositionUsesTheBookWithItsOwnRules(t *testing.T) {
	b := builtBook(t)
	// Four crossed placements make the Othello start, with Black to move.
	classic := bitboard.NewGame(bitboard.DefaultRules(bitboard.Classic))
	pos, err := bitboard.Replay(classic, []int{bitboard.SqE4, bitboard.SqD4, bitboard.SqD5, bitboard.SqE5})
	if err != nil {
		t.Fatal(err)
	}
	m, ok := b.Choose(pos, 0, nil)
	want, _ := b.Choose(bitboard.NewGame(othello), 0, nil)
	if !ok || m != want || !pos.Legal(m.Square) {
		t.Fatalf("classic start: %+v %v, want the Othello start's %+v", m, ok, want)
	}
}

func BenchmarkLookup(b *testing.B) {
	bk, err := Default()
	if err != nil || bk.Len() == 0 {
		bk = builtBook(b)
	}
	positions := make([]bitboard.Position, 0, bk.Len())
	for i := range bk.recs {
		positions = append(positions, bitboard.FromBoard(bk.recs[i].key.Symmetric(i%8), bitboard.Black, othello))
	}
	b.ReportAllocs()
	b.ResetTimer()
	hits := 0
	for i := range b.N {
		if _, ok := bk.Lookup(positions[i%len(positions)]); ok {
			hits++
		}
	}
	b.ReportMetric(float64(bk.Len()), "positions")
	b.ReportMetric(100*float64(hits)/float64(b.N), "%found")
}

func BenchmarkDefault(b *testing.B) {
	for range b.N {
		if _, err := Default(); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNegamax(b *testing.B) {
	bk, err := Default()
	if err != nil {
		b.Fatal(err)
	}
	for range b.N {
		bk.Negamax()
	}
	b.ReportMetric(float64(bk.Len()), "positions")
}
