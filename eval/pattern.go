package eval

import (
	_ "embed"
	"math/bits"
	"sync"
)

// Pattern evaluates positions by summing the learned weights of their
// patterns in the weight set of the game phase.
type Pattern struct {
	w *Weights
}

// NewPattern returns an evaluator using the given weights.
func NewPattern(w *Weights) *Pattern { return &Pattern{w: w} }

//go:embed weights.sew
var embeddedWeights []byte

// Default returns the evaluator with the embedded weights, decoded once.
func Default() (*Pattern, error) { return defaultPattern() }

var defaultPattern = sync.OnceValues(func() (*Pattern, error) {
	w, err := DecodeWeights(embeddedWeights)
	if err != nil {
		return nil, err
	}
	return NewPattern(w), nil
})

// Evaluate implements Evaluator, computing the features from scratch.
func (e *Pattern) Evaluate(p, o uint64) int {
	f := NewFeatures(p, o) // p in the "black" frame: the mover's view directly
	return e.EvaluateFeatures(&f, true, p, o)
}

// EvaluateFeatures implements Incremental.
func (e *Pattern) EvaluateFeatures(f *Features, blackToMove bool, p, o uint64) int {
	w := e.w.W[Phase(bits.OnesCount64(^(p | o)))]
	var s int32
	if blackToMove {
		for i, ft := range features {
			s += int32(w[shapeOffset[ft.shape]+int(f.idx[i])])
		}
	} else {
		for i, ft := range features {
			s += int32(w[shapeOffset[ft.shape]+int(swap3[len(ft.squares)][f.idx[i]])])
		}
	}
	// Round to the nearest disc, keeping the sign symmetric.
	if s >= 0 {
		s = (s + WeightScale/2) / WeightScale
	} else {
		s = -((-s + WeightScale/2) / WeightScale)
	}
	return int(max(-64, min(64, s)))
}
