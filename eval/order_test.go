package eval

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

func TestOrderMoveScoreEqualsScoreFromScratch(t *testing.T) {
	vector := useAVX2
	defer func() { useAVX2 = vector }()
	for _, useAVX2 = range []bool{false, vector} {
		rng := rand.New(rand.NewPCG(21, 22))
		ev := NewOrder(randomModelWeights(rng, OrderModel))
		for range 50 {
			start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
			f := NewFeatures(start.BlackWhite())
			randomGame(rng, func(pos bitboard.Position, sq int, flips uint64, moverBlack bool) {
				p, o := pos.Board.P, pos.Board.O
				got := ev.MoveScore(&f, sq, flips, moverBlack, p, o, bitboard.Moves(p, o))
				if want := ev.Score(p, o); got != want {
					t.Fatalf("vector %v: after %s: MoveScore %d, from scratch %d", useAVX2, bitboard.SquareName(sq), got, want)
				}
				f.Play(sq, flips, moverBlack)
			})
		}
	}
}

// The training tool fits the weights at WeightSlots: their sum must be the
// evaluation, for every model.
func TestWeightSlotsSumToTheEvaluation(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	for _, m := range Models {
		w := randomModelWeights(rng, m)
		ev := m.Evaluator(w)
		slots := make([]int32, m.Slots())
		for range 10 {
			randomGame(rng, func(pos bitboard.Position, _ int, _ uint64, _ bool) {
				p, o := pos.Board.P, pos.Board.O
				phase := m.Phase(pos.Board.NumEmpties())
				if phase < 0 {
					return // not fitted there
				}
				m.WeightSlots(p, o, slots)
				var sum int32
				for _, k := range slots {
					sum += int32(w.W[phase][k])
				}
				if got, want := ev.Evaluate(p, o), discs(sum); got != want {
					t.Fatalf("%s: evaluates %d, its weight slots sum to %d discs", m.Name, got, want)
				}
			})
		}
	}
}

func TestOrderWeightsRoundTripAndAreNotPatternWeights(t *testing.T) {
	w := randomModelWeights(rand.New(rand.NewPCG(27, 28)), OrderModel)
	var buf bytes.Buffer
	if err := w.Encode(&buf); err != nil {
		t.Fatal(err)
	}
	got, err := OrderModel.Decode(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for p := range w.W {
		if !bytes.Equal(int16Bytes(w.W[p]), int16Bytes(got.W[p])) {
			t.Fatalf("phase %d differs after the round trip", p)
		}
	}
	if _, err := DecodeWeights(buf.Bytes()); err == nil {
		t.Error("order weights were accepted as pattern weights")
	}
	if _, err := DefaultOrder(); err != nil {
		t.Errorf("embedded order weights: %v", err)
	}
}

// movePlay is a move of a random game with the features before it, for the
// benchmarks of a child's evaluation, which is what move ordering does.
type movePlay struct {
	before Features
	sq     int
	flips  uint64
	black  bool
	p, o   uint64 // the child, its mover first
	moves  uint64 // the child mover's moves
}

// gamePlays returns the moves of random games (rng seeded with seed)
// made at empties in [lo, hi).
func gamePlays(seed uint64, games, lo, hi int) []movePlay {
	var plays []movePlay
	rng := rand.New(rand.NewPCG(seed, seed+1))
	for range games {
		start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
		f := NewFeatures(start.BlackWhite())
		randomGame(rng, func(pos bitboard.Position, sq int, flips uint64, moverBlack bool) {
			p, o := pos.Board.P, pos.Board.O
			if e := pos.Board.NumEmpties(); e >= lo && e < hi {
				plays = append(plays, movePlay{f, sq, flips, moverBlack, p, o, bitboard.Moves(p, o)})
			}
			f.Play(sq, flips, moverBlack)
		})
	}
	return plays
}

// endgamePlays returns moves made at 8-19 empties, where the endgame
// orders its moves.
func endgamePlays() []movePlay { return gamePlays(29, 40, 8, 20) }

func BenchmarkOrderMoveScore(b *testing.B) {
	ev := NewOrder(randomModelWeights(rand.New(rand.NewPCG(9, 9)), OrderModel))
	plays := endgamePlays()
	i := 0
	for b.Loop() {
		m := &plays[i]
		ev.MoveScore(&m.before, m.sq, m.flips, m.black, m.p, m.o, m.moves)
		if i++; i == len(plays) {
			i = 0
		}
	}
}

// BenchmarkPatternEvaluateMove is BenchmarkOrderMoveScore for the full
// pattern evaluation, to compare the two.
func BenchmarkPatternEvaluateMove(b *testing.B) {
	ev := NewPattern(randomWeights(rand.New(rand.NewPCG(9, 9))))
	plays := endgamePlays()
	i := 0
	for b.Loop() {
		m := &plays[i]
		ev.EvaluateMove(&m.before, m.sq, m.flips, m.black, m.p, m.o)
		if i++; i == len(plays) {
			i = 0
		}
	}
}
