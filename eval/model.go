package eval

import "fmt"

// Model describes a set of weights that "sable train" fits: a sum of
// weights selected by one-hot features, one set per phase of the game. A
// position uses Slots weights of its phase, each with coefficient one; the
// pattern tables of the model's shapes open each phase, so that symmetric
// indices share one weight (see Symmetrize).
type Model struct {
	Name   string // what the --model flags call it
	Phases int    // weight sets
	phase  func(empties int) int
	size   int // weights per phase
	slots  int // weights a position uses
	shapes int // the tables of shapes[:shapes] open each phase
	fill   func(p, o uint64, dst []int32)
	eval   func(w *Weights) Evaluator
}

// PatternModel is the weights of Pattern, the evaluation at the leaves.
var PatternModel = &Model{
	Name: "pattern", Phases: NumPhases, phase: Phase, size: phaseSize, slots: numFeatures, shapes: len(shapes),
	fill: patternSlots,
	eval: func(w *Weights) Evaluator { return NewPattern(w) },
}

// patternSlots writes the pattern model's weight slots of board (p to
// move, o the opponent) into dst[:numFeatures].
func patternSlots(p, o uint64, dst []int32) {
	f := NewFeatures(p, o) // p as black: the mover's view
	for k := range numFeatures {
		dst[k] = int32(WeightIndex(k, f.MoverIndex(k, true)))
	}
}

// Models are the models that can be trained, by name.
var Models = []*Model{PatternModel, MobilityModel, OrderModel}

// ModelNamed returns the model called name.
func ModelNamed(name string) (*Model, error) {
	for _, m := range Models {
		if m.Name == name {
			return m, nil
		}
	}
	return nil, fmt.Errorf("unknown model %q (want pattern, mobility or order)", name)
}

// Phase returns the weight set used at the given number of empty squares,
// or -1 where the model is not fitted.
func (m *Model) Phase(empties int) int { return m.phase(empties) }

// PhaseEmpties returns the range of empties that phase p covers.
func (m *Model) PhaseEmpties(p int) (lo, hi int) {
	lo, hi = 60, 0
	for e := 0; e <= 60; e++ {
		if m.phase(e) == p {
			lo, hi = min(lo, e), max(hi, e)
		}
	}
	return lo, hi
}

// Size returns the number of weights of one phase.
func (m *Model) Size() int { return m.size }

// Slots returns the number of weights a position uses.
func (m *Model) Slots() int { return m.slots }

// WeightSlots writes into dst[:Slots()] the weights of its phase that the
// position (p to move, o the opponent) uses.
func (m *Model) WeightSlots(p, o uint64, dst []int32) { m.fill(p, o, dst[:m.slots]) }

// Evaluator returns the evaluation that weights w of the model make, in
// discs, as the engine computes it.
func (m *Model) Evaluator(w *Weights) Evaluator { return m.eval(w) }
