package search

import (
	"context"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
)

// checkingEval is an incremental evaluator that recomputes the features of
// every leaf from the board and counts disagreements with the search's.
type checkingEval struct{ mismatches, leaves *int }

func (c checkingEval) Evaluate(p, o uint64) int { return eval.Simple{}.Evaluate(p, o) }

func (c checkingEval) EvaluateFeatures(f *eval.Features, black bool, p, o uint64) int {
	*c.leaves++
	g := eval.NewFeatures(p, o)
	for i := 0; i < eval.NumFeatures(); i++ {
		if f.MoverIndex(i, black) != g.MoverIndex(i, true) {
			*c.mismatches++
			break
		}
	}
	return eval.Simple{}.Evaluate(p, o)
}

func TestSearchKeepsIncrementalFeaturesInStep(t *testing.T) {
	var mismatches, leaves int
	e := New(Options{HashMB: 8, Eval: checkingEval{&mismatches, &leaves}})
	defer e.Close()
	rng := newRand(17)
	for _, empties := range []int{50, 36, 24, 18} {
		pos := randomPosition(rng, bitboard.DefaultRules(bitboard.Othello), empties)
		e.Search(context.Background(), pos, Limits{Depth: 7, Selectivity: 73}, nil)
		if empties <= 18 {
			e.Solve(context.Background(), pos, false)
		}
	}
	if leaves == 0 || mismatches != 0 {
		t.Fatalf("%d of %d leaves saw stale features", mismatches, leaves)
	}
}
