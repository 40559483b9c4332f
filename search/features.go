package search

import "github.com/sable-othello/sable/eval"

// A worker keeps the incremental features of the evaluation along the line
// it searches, so that scoring a leaf costs no pattern extraction.

// boardEval is an Evaluator that does not score features, as an
// Incremental that ignores them.
type boardEval struct{ eval.Evaluator }

func (b boardEval) EvaluateFeatures(_ *eval.Features, _ bool, p, o uint64) int {
	return b.Evaluate(p, o)
}

func (b boardEval) EvaluateMove(_ *eval.Features, _ int, _ uint64, _ bool, p, o uint64) int {
	return b.Evaluate(p, o)
}

// leafHook is an Incremental that calls leaf with each board it scores
// (Options.Leaf).
type leafHook struct {
	eval.Incremental
	leaf func(p, o uint64)
}

func (h leafHook) Evaluate(p, o uint64) int {
	h.leaf(p, o)
	return h.Incremental.Evaluate(p, o)
}

func (h leafHook) EvaluateFeatures(f *eval.Features, black bool, p, o uint64) int {
	h.leaf(p, o)
	return h.Incremental.EvaluateFeatures(f, black, p, o)
}

func (h leafHook) EvaluateMove(f *eval.Features, sq int, flips uint64, black bool, p, o uint64) int {
	h.leaf(p, o)
	return h.Incremental.EvaluateMove(f, sq, flips, black, p, o)
}

// setRoot prepares the incremental features for a search of (p, o). The
// frame takes the root mover as black: only the mover's view matters.
func (w *worker) setRoot(p, o uint64) {
	w.black = true
	if w.track {
		w.fp = 0
		w.feats[0] = eval.NewFeatures(p, o)
	}
}

// enter updates the features for the move sq flipping f, before searching
// the child; leave goes back to the parent's after.
func (w *worker) enter(sq int, f uint64) {
	if w.track {
		w.grow()
		w.feats[w.fp].PlayInto(&w.feats[w.fp+1], sq, f, w.black)
		w.fp++
	}
	w.black = !w.black
}

// enterFresh is enter for a worker that does not hold the parent's
// features (a helper taking a move of another thread's split): it computes
// the child's (p to move) from scratch, in the worker's colour frame.
func (w *worker) enterFresh(p, o uint64) {
	w.black = !w.black
	if w.track {
		w.grow()
		w.fp++
		if w.black {
			w.feats[w.fp] = eval.NewFeatures(p, o)
		} else {
			w.feats[w.fp] = eval.NewFeatures(o, p)
		}
	}
}

func (w *worker) leave() {
	w.black = !w.black
	if w.track {
		w.fp--
	}
}

// grow makes sure that there is a slot after the current features.
func (w *worker) grow() {
	if w.fp+1 == len(w.feats) {
		w.feats = append(w.feats, eval.Features{})
	}
}

// evaluate scores a leaf, from the incremental features when they are kept.
func (w *worker) evaluate(p, o uint64) int {
	w.nodes++
	return w.inc.EvaluateFeatures(&w.feats[w.fp], w.black, p, o)
}

// evaluateMove is evaluate of the child (p, o) that the move sq flipping f
// leads to, without entering it: the features after the move are not kept.
func (w *worker) evaluateMove(sq int, f uint64, p, o uint64) int {
	w.nodes++
	return w.inc.EvaluateMove(&w.feats[w.fp], sq, f, w.black, p, o)
}
