package search

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
)

// checkingEval is an incremental evaluator that recomputes the features of
// every leaf from the board and counts disagreements with the search's.
type checkingEval struct{ mismatches, leaves *atomic.Int64 }

func (c checkingEval) Evaluate(p, o uint64) int { return eval.Simple{}.Evaluate(p, o) }

func (c checkingEval) EvaluateFeatures(f *eval.Features, black bool, p, o uint64) int {
	c.leaves.Add(1)
	g := eval.NewFeatures(p, o)
	for i := 0; i < eval.NumFeatures(); i++ {
		if f.MoverIndex(i, black) != g.MoverIndex(i, true) {
			c.mismatches.Add(1)
			break
		}
	}
	return eval.Simple{}.Evaluate(p, o)
}

func (c checkingEval) EvaluateMove(f *eval.Features, sq int, flips uint64, black bool, p, o uint64) int {
	var next eval.Features
	f.PlayInto(&next, sq, flips, black)
	return c.EvaluateFeatures(&next, !black, p, o)
}

func TestSearchKeepsIncrementalFeaturesInStep(t *testing.T) {
	// On two threads, helpers taking moves of a split compute the features
	// afresh: those must be in step too.
	for _, threads := range []int{1, 2} {
		var mismatches, leaves atomic.Int64
		e := mustNew(t, Options{HashMB: 8, Threads: threads, Eval: checkingEval{&mismatches, &leaves}})
		rng := newRand(17)
		for _, empties := range []int{50, 36, 24, 18} {
			pos := randomPosition(rng, bitboard.DefaultRules(bitboard.Othello), empties)
			e.Search(context.Background(), pos, Limits{Depth: 7, Selectivity: 73}, nil)
			if empties <= 18 {
				e.Solve(context.Background(), pos, false)
			}
		}
		e.Close()
		if leaves.Load() == 0 || mismatches.Load() != 0 {
			t.Fatalf("%d threads: %d of %d leaves saw stale features", threads, mismatches.Load(), leaves.Load())
		}
	}
}
