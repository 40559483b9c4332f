package search

import (
	"context"
	"slices"
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

// recordingEval is eval.Simple, recording each board it scores.
type recordingEval struct{ boards *[]bitboard.Board }

func (r recordingEval) Evaluate(p, o uint64) int {
	*r.boards = append(*r.boards, bitboard.Board{P: p, O: o})
	return eval.Simple{}.Evaluate(p, o)
}

// recordingIncremental is an Incremental evaluation, recording each board
// it scores by any of its three methods.
type recordingIncremental struct {
	eval.Incremental
	boards *[]bitboard.Board
}

func (r recordingIncremental) Evaluate(p, o uint64) int {
	*r.boards = append(*r.boards, bitboard.Board{P: p, O: o})
	return r.Incremental.Evaluate(p, o)
}

func (r recordingIncremental) EvaluateFeatures(f *eval.Features, black bool, p, o uint64) int {
	*r.boards = append(*r.boards, bitboard.Board{P: p, O: o})
	return r.Incremental.EvaluateFeatures(f, black, p, o)
}

func (r recordingIncremental) EvaluateMove(f *eval.Features, sq int, flips uint64, black bool, p, o uint64) int {
	*r.boards = append(*r.boards, bitboard.Board{P: p, O: o})
	return r.Incremental.EvaluateMove(f, sq, flips, black, p, o)
}

func TestLeafSeesEveryScoredBoardAndChangesNoResult(t *testing.T) {
	weights, err := eval.Default()
	if err != nil {
		t.Fatal(err)
	}
	rng := newRand(23)
	for _, empties := range []int{50, 36, 24} {
		pos := randomPosition(rng, bitboard.DefaultRules(bitboard.Othello), empties)
		limits := Limits{Depth: 6, Selectivity: 73}
		search := func(o Options) Result {
			e := mustNew(t, o)
			defer e.Close()
			return e.Search(context.Background(), pos, limits, nil)
		}
		// A board evaluation: Leaf gets exactly the boards it scores.
		var scored, leaves []bitboard.Board
		leaf := func(p, o uint64) { leaves = append(leaves, bitboard.Board{P: p, O: o}) }
		plain := search(Options{HashMB: 1, Threads: 1, Eval: recordingEval{&scored}})
		scored = nil
		hooked := search(Options{HashMB: 1, Threads: 1, Eval: recordingEval{&scored}, Leaf: leaf})
		if len(leaves) == 0 || !slices.Equal(leaves, scored) {
			t.Fatalf("%d empties: Leaf saw %d boards, the evaluation scored %d others", empties, len(leaves), len(scored))
		}
		if hooked.Score != plain.Score || hooked.Move != plain.Move || hooked.Nodes != plain.Nodes {
			t.Errorf("%d empties: with Leaf %+d at %d, %d nodes; without %+d at %d, %d nodes",
				empties, hooked.Score, hooked.Move, hooked.Nodes, plain.Score, plain.Move, plain.Nodes)
		}
		// The embedded weights, scored from incremental features: the same
		// search, the boards they score, and every one the root (the
		// aspiration's first guess) or a few plies below it.
		scored, leaves = nil, nil
		plain = search(Options{HashMB: 1, Threads: 1})
		hooked = search(Options{HashMB: 1, Threads: 1, Eval: recordingIncremental{weights, &scored}, Leaf: leaf})
		if len(leaves) == 0 || !slices.Equal(leaves, scored) {
			t.Fatalf("%d empties, embedded weights: Leaf saw %d boards, the evaluation scored %d others", empties, len(leaves), len(scored))
		}
		if hooked.Score != plain.Score || hooked.Move != plain.Move || hooked.Nodes != plain.Nodes {
			t.Errorf("%d empties, embedded weights: with Leaf %+d at %d, %d nodes, %d leaves; without %+d at %d, %d nodes",
				empties, hooked.Score, hooked.Move, hooked.Nodes, len(leaves), plain.Score, plain.Move, plain.Nodes)
		}
		for _, b := range leaves {
			if e := b.NumEmpties(); e > empties || e < empties-limits.Depth {
				t.Fatalf("%d empties: a leaf at %d empties, outside a depth-%d search", empties, e, limits.Depth)
			}
		}
	}
}
