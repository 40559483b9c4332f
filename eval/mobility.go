package eval

import (
	"math/bits"

	"github.com/sable-othello/sable/bitboard"
)

// The mobility model is Pattern's with one more table per phase: a weight
// for each pair of move counts, the mover's and the opponent's (each
// capped at mobilityCap-1), after the shapes' tables. The patterns see
// lines one at a time; how many moves they add up to is a global count that
// no pattern holds. It costs about 10 ns an evaluation (two move
// generations) and the bench 10% of its node rate; what it buys is in
// docs/training.md.

// mobilityCap bounds each move count of the table: 32 is past the most moves
// seen in play (30 in WTHOR's positions).
const mobilityCap = 32

// mobilitySize is the number of weights of the mobility table.
const mobilitySize = mobilityCap * mobilityCap

// MobilityModel is the weights of Pattern with the mobility table.
var MobilityModel = &Model{
	Name: "mobility", Phases: NumPhases, phase: Phase, size: phaseSize + mobilitySize, slots: numFeatures + 1, shapes: len(shapes),
	fill: func(p, o uint64, dst []int32) {
		patternSlots(p, o, dst)
		dst[numFeatures] = int32(phaseSize + mobilitySlot(p, o))
	},
	eval: func(w *Weights) Evaluator { return NewPattern(w) },
}

// mobilitySlot returns the position of board (p to move, o the opponent)
// in the mobility table.
func mobilitySlot(p, o uint64) int {
	pm, om := bitboard.Mobility(p, o)
	m := min(bits.OnesCount64(pm), mobilityCap-1)
	n := min(bits.OnesCount64(om), mobilityCap-1)
	return m*mobilityCap + n
}

// mobilityTable is where the mobility table starts in a Pattern's tables:
// after the shapes' tables and their padding.
const mobilityTable = tablePadding

// mobilityWeight returns the weight of table w (one of byMover's, of the
// mobility model) for the move counts of board (p to move, o the
// opponent).
func mobilityWeight(w []int16, p, o uint64) int32 {
	return int32(w[phaseSize+mobilityTable+mobilitySlot(p, o)])
}
