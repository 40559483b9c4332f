package search

import "math"

// Multi-ProbCut: a deep null-window search is predicted from a shallow one.
// If the shallow value is far enough above beta (or below alpha) that the
// deep one is above (below) it with the chosen confidence, the node is cut
// without the deep search. "Far enough" is t·sigma, where sigma is the
// standard deviation of deep minus shallow values, modelled by empties and
// the two depths, and t comes from the selectivity level.

// Selectivity levels: index into selectivityT. maxSelectivity (5) is "no
// probabilistic cut"; the percentages are the confidence of each cut under a
// normal error model.
var (
	selectivityT       = [maxSelectivity + 1]float64{1.1, 1.5, 2.0, 2.6, 3.3, math.Inf(1)}
	selectivityPercent = [maxSelectivity + 1]int{73, 87, 95, 98, 99, 100}
)

// MPC settings.
const (
	// mpcMinDepth is the least depth where a cut is tried: below it the
	// shallow search costs about as much as the deep one.
	mpcMinDepth = 3
	// mpcMaxRecursion stops probcut searches inside probcut searches
	// beyond this level, so that their errors do not compound.
	mpcMaxRecursion = 2
)

// mpcSigma models the error of a shallow search of depth d2 against a deep
// one of depth d1 at the given empties, in discs: sigma = a + b·empties +
// c·d1 + e·d2, at least 1. The coefficients were fitted by tools/mpcfit (see
// its doc) on random positions searched at every depth; rerun it when the
// evaluation changes.
func mpcSigma(empties, d1, d2 int) float64 {
	s := mpcA + mpcB*float64(empties) + mpcC*float64(d1) + mpcD*float64(d2)
	return max(s, 1)
}

// Fitted MPC coefficients: "sable mpcfit --positions 500
// --depth 11 --seed 1" (random positions of 20-54 empties, the embedded
// pattern weights).
const (
	mpcA = 6.0070
	mpcB = -0.0222
	mpcC = 0.6593
	mpcD = -1.4342
)

// selectiveEndMinEmpties[s] is the least empties at which a node searched
// to the end of the game is cut by probcut at selectivity level s (the
// selective endgame iterations of iterate); below it the exact endgame
// search takes over. With 73% only: FFO #40-#49 10: 478.1 M
// nodes, 12: 480.5 M, 14: 511.2 M, 17: 527.2 M; but FFO #50-#52 10:
// 1055.8 M, 14: 1006.4 M; with 73/95%, #40-#49 8: 521.5 M, 10: 515.1 M, 14:
// 510.9 M. After the wider stability cut-off, 10 against 14: 73% #40-#49
// 460.7 M / 492.4 M, #50-#52 991.5 M / 946.0 M; 73/95% #40-#49 499.3 M /
// 492.0 M. With 73% from 20 empties and 95% from 27, and shallowEmpties 8,
// the 73% level cut from 14 / 12 / 10 empties (95% from 14): FFO #20-#39
// 83.7 M / 77.6 M / 77.4 M; #40-#49 520.5 M / 491.2 M / 488.9 M; #50-#52
// 977.9 M / 987.9 M / 997.0 M; #56 (29 empties) 986.3 M / 986.2 M / -.
// With endSortMinEmpties 16, 14 / 12: #20-#39 86.6 M / 80.5 M; #40-#49
// 520.1 M / 490.4 M. The 95% level (searched from 27 empties only) cut
// from 16 instead of 14, 1 GB table: FFO #53 1756.2 M -> 1751.3 M nodes,
// #55 8509.7 M -> 8492.2 M (95% search 1504 M, exact 6935 M), #56
// 777.5 M -> 776.0 M, but #54 2224.9 M -> 2232.4 M, #57 1703.3 M ->
// 1717.5 M (#51, #52, #58 even): #51-#58 the same in all.
var selectiveEndMinEmpties = [maxSelectivity + 1]int{12, 14, 14, 14, 14, 64}

// endSelective reports whether a node searched to the end of the game with
// the given empties is cut by probcut instead of solved exactly.
func (w *worker) endSelective(empties int) bool {
	return w.selectivity < maxSelectivity && empties >= selectiveEndMinEmpties[w.selectivity]
}

// selectivityIndex returns the strongest selectivity level whose confidence
// is at least percent (100 or more: no probabilistic cut).
func selectivityIndex(percent int) uint8 {
	for i, p := range selectivityPercent {
		if p >= percent {
			return uint8(i)
		}
	}
	return maxSelectivity
}

// ProbcutDepth returns the shallow depth used to predict depth d: about
// half, with the same parity (the evaluation has an odd/even bias).
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
	if w.selectivity >= maxSelectivity || depth < mpcMinDepth || w.probcutLevel >= mpcMaxRecursion {
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
