package search

import "math"

// Multi-ProbCut: a deep null-window search is predicted from a shallow one.
// If the shallow value is far enough above beta (or below alpha) that the
// deep one is above (below) it with the chosen confidence, the node is cut
// without the deep search. "Far enough" is t·sigma, where sigma is the
// standard deviation of deep minus shallow values, modelled by empties and
// the two depths, and t comes from the selectivity level.

// mpcSigma models the error of a shallow search of depth d2 against a deep
// one of depth d1 at the given empties, in discs: sigma = a + b·empties +
// c·d1 + e·d2, at least 1. The coefficients (settings.go) were fitted by tools/mpcfit (see
// its doc) on random positions searched at every depth; rerun it when the
// evaluation changes.
func mpcSigma(empties, d1, d2 int) float64 {
	s := mpcA + mpcB*float64(empties) + mpcC*float64(d1) + mpcD*float64(d2)
	return max(s, 1)
}

// endSelective reports whether a node searched to the end of the game with
// the given empties is cut by probcut instead of solved exactly.
func (w *worker) endSelective(empties int) bool {
	return w.selectivity < noProbcut && empties >= selectiveEndMinEmpties[w.selectivity]
}

// ProbcutDepth returns the shallow depth used to predict depth d: about
// half, with the same parity (the evaluation has an odd/even bias). About
// d/4 and d/2+1 each lost about 12 Elo at 0.05 s a move (docs/tuning.md).
// Exported for tools/mpcfit.
func ProbcutDepth(d int) int {
	s := 2*(d/4) + d&1
	if s == 0 {
		s = d - 2
	}
	return s
}

// probcut tries to cut a null-window node of depth d without searching it.
func (w *worker) probcut(p, o uint64, alpha, depth, empties int) (int, bool) {
	if w.selectivity >= noProbcut || depth < mpcMinDepth || w.probcutLevel >= mpcMaxRecursion {
		return 0, false
	}
	d2 := ProbcutDepth(depth)
	margin := int(math.Ceil(selectivityT[w.selectivity] * mpcSigma(empties, depth, d2)))
	w.probcutLevel++
	defer func() { w.probcutLevel-- }()
	beta := alpha + 1
	if up := beta + margin; up <= 64 {
		if v := w.midNWS(p, o, up-1, d2); v >= up {
			return beta, true
		}
	}
	if down := alpha - margin; down >= -64 {
		if v := w.midNWS(p, o, down, d2); v <= down {
			return alpha, true
		}
	}
	return 0, false
}
