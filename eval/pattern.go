package eval

import (
	_ "embed"
	"fmt"
	"math/bits"
	"slices"
	"sync"
)

// Pattern evaluates positions by summing the learned weights of their
// patterns in the weight set of the game phase.
type Pattern struct {
	// byMover[phase][side] are the weights of a phase indexed by Features'
	// black-frame indices, for Black to move (side 0: a copy of the
	// weights) and for White to move (side 1: each index's weight is that
	// of the index with the colours exchanged), each followed by
	// tablePadding zeros. Storing both sides costs 9 MB more than the
	// weights alone and saves a table lookup per feature when White is to
	// move.
	byMover [NumPhases][2][]int16
	// mobility says that the weights are the mobility model's: each table
	// then ends with the mobility table (see mobilityTable).
	mobility bool
}

// tablePadding zeros end each table: the unused feature slots read the
// first (see featureOffset), and the vector sum reads 32 bits at each
// 16-bit weight, so one more past the last.
const tablePadding = 2

// NewPattern returns an evaluator using the given weights (it copies them).
func NewPattern(w *Weights) *Pattern {
	e := &Pattern{mobility: w.model.size > phaseSize} // the mobility model (MobilityModel)
	for p := range w.W {
		t := moverTables(w.W[p][:phaseSize], len(shapes))
		if e.mobility {
			for side := range t {
				t[side] = append(t[side], w.W[p][phaseSize:]...) // the mover's view either way
			}
		}
		e.byMover[p] = t
	}
	return e
}

// moverTables returns a phase's weights w for Black to move (a copy) and
// for White to move (the indices of the tables of the first n shapes with
// the colours exchanged), each followed by tablePadding zeros.
func moverTables(w []int16, n int) [2][]int16 {
	b := make([]int16, len(w)+tablePadding)
	copy(b, w)
	sw := slices.Clone(b)
	for si := range n {
		off := shapeOffset[si]
		swap := swap3[len(shapes[si].squares)]
		for x := range shapeSize(si) {
			sw[off+x] = w[off+int(swap[x])]
		}
	}
	return [2][]int16{b, sw}
}

//go:embed weights.sew
var embeddedWeights []byte

// Default returns the evaluator with the embedded weights, decoded once.
func Default() (*Pattern, error) { return defaultPattern() }

var defaultPattern = sync.OnceValues(func() (*Pattern, error) {
	w, err := DecodeWeights(embeddedWeights)
	if err != nil {
		return nil, fmt.Errorf("embedded weights: %w", err)
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
	w := e.table(blackToMove, p, o)
	s := weightSum(w, f)
	if e.mobility {
		s += mobilityWeight(w, p, o)
	}
	return discs(s)
}

// EvaluateMove implements Incremental.
func (e *Pattern) EvaluateMove(f *Features, sq int, flips uint64, black bool, p, o uint64) int {
	w := e.table(!black, p, o)
	var s int32
	if useAVX2 {
		s = playSumAVX2(f, sq&63, flips, black, &w[0], &featureOffset)
	} else {
		var next Features
		f.PlayInto(&next, sq, flips, black)
		s = weightSum(w, &next)
	}
	if e.mobility {
		s += mobilityWeight(w, p, o)
	}
	return discs(s)
}

// table returns the weights for board (p, o), with Black to move when
// blackToMove.
func (e *Pattern) table(blackToMove bool, p, o uint64) []int16 {
	side := 0
	if !blackToMove {
		side = 1
	}
	return e.byMover[Phase(bits.OnesCount64(^(p | o)))][side]
}

// discs rounds a sum of weights to the nearest disc, halves away from zero
// so that the sign stays symmetric, within [-64, 64]. It rounds the
// magnitude and puts the sign back without a branch: a search's values
// change sign unpredictably (bench depth 12: 1.03x the nodes per CPU second
// of an if on the sign).
func discs(s int32) int {
	sign := s >> 31 // 0 or -1
	r := int32((uint32((s^sign)-sign) + WeightScale/2) / WeightScale)
	r = (r ^ sign) - sign
	return int(max(-64, min(64, r)))
}

// weightSum returns the sum of the weights of table w (one of byMover's) at
// the features' indices.
func weightSum(w []int16, f *Features) int32 {
	if useAVX2 {
		return sumAVX2(&w[0], f, &featureOffset)
	}
	// Four sums cut the chain of dependent additions (five measured 1.13x
	// the nodes per CPU second of one on the bench at depth 11). They run
	// over every slot: the unused ones read a padding zero.
	var s0, s1, s2, s3 int32
	for i := 0; i < featureSlots; i += 4 {
		x := (*[4]uint16)(f.idx[i : i+4])
		off := (*[4]int32)(featureOffset[i : i+4])
		s0 += int32(w[off[0]+int32(x[0])])
		s1 += int32(w[off[1]+int32(x[1])])
		s2 += int32(w[off[2]+int32(x[2])])
		s3 += int32(w[off[3]+int32(x[3])])
	}
	return s0 + s1 + s2 + s3
}
