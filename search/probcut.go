package search

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Multi-ProbCut: a deep null-window search is predicted from a shallow one.
// If the shallow value is far enough above beta (or below alpha) that the
// deep one is above (below) it with the chosen confidence, the node is cut
// without the deep search. "Far enough" is t·sigma, where sigma is the
// standard deviation of deep minus shallow values, modelled by empties and
// the two depths, and t comes from the selectivity level.

// ProbcutModel is the error model of Multi-ProbCut: a shallow search of
// depth d2 errs against a deep one of depth d1 by a standard deviation of
// A + B·empties + C·d1 + D·d2 discs (at least 1). It depends on the
// evaluation: "sable mpcfit" fits it, and a weights file searched with
// another file's model cuts more or less than it should (docs/training.md).
type ProbcutModel struct{ A, B, C, D float64 }

// DefaultProbcut returns the model fitted for the embedded weights
// (settings.go).
func DefaultProbcut() ProbcutModel { return ProbcutModel{mpcA, mpcB, mpcC, mpcD} }

// sigma returns the modelled error of a depth-d2 search against depth d1.
func (m ProbcutModel) sigma(empties, d1, d2 int) float64 {
	s := m.A + m.B*float64(empties) + m.C*float64(d1) + m.D*float64(d2)
	return max(s, 1)
}

// String returns the model as ParseProbcutModel reads it: "A,B,C,D".
func (m ProbcutModel) String() string {
	return fmt.Sprintf("%.4f,%.4f,%.4f,%.4f", m.A, m.B, m.C, m.D)
}

// ParseProbcutModel reads a model written "A,B,C,D", four finite numbers.
func ParseProbcutModel(s string) (ProbcutModel, error) {
	f := strings.Split(s, ",")
	if len(f) != 4 {
		return ProbcutModel{}, errors.New("want four numbers A,B,C,D")
	}
	var v [4]float64
	for i, x := range f {
		n, err := strconv.ParseFloat(strings.TrimSpace(x), 64)
		if err != nil || math.IsNaN(n) || math.IsInf(n, 0) {
			return ProbcutModel{}, fmt.Errorf("%q is not a finite number", x)
		}
		v[i] = n
	}
	return ProbcutModel{v[0], v[1], v[2], v[3]}, nil
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
	margin := int(math.Ceil(selectivityT[w.selectivity] * w.mpc.sigma(empties, depth, d2)))
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
