package eval

import (
	_ "embed"
	"math/bits"
	"sync"

	"github.com/sable-othello/sable/bitboard"
)

// Order is the endgame's move-ordering evaluation: the corner and edge
// patterns (the first orderFeatures slots of Features: the 3x3 and 2x5
// corner blocks and the edges with their X-squares) plus three small tables,
// the mover's mobility, its moves to corners, and the quadrant parity. It is
// fitted on exact scores of positions at the empties where the endgame
// search orders its moves (held-out error 6.8-7.0 discs at 10-17 empties),
// and it reads the features that the search keeps anyway: a child's score
// costs 21 ns against 42-50 ns for Pattern.EvaluateMove
// (BenchmarkOrderMoveScore, BenchmarkPatternEvaluateMove).
type Order struct {
	// byMover[phase][side] are a phase's weights for Black to move (side
	// 0) and for White to move (side 1, the pattern indices' colours
	// exchanged), as in Pattern.
	byMover [OrderPhases][2][]int16
}

// OrderPhases is the number of weight sets of Order: one per two empties up
// to 23, the last one serving all larger positions.
const OrderPhases = 12

// OrderPhase returns Order's weight set at the given number of empties.
func OrderPhase(empties int) int { return min(max(empties, 0), 2*OrderPhases-1) / 2 }

// orderFeatures is the number of feature slots that Order reads: those of
// the first orderShapes shapes.
const (
	orderFeatures = 16
	orderShapes   = 3
)

// Where each of Order's tables starts in a phase's weights: the pattern
// tables of its shapes (as in Pattern), then mobility (the mover's moves,
// 0-35), corner moves (0-4) and parity (the number of quadrants with an
// odd number of empties, 0-4, for even and then for odd empties).
var (
	orderMobility = shapeOffset[orderShapes]
	orderCorners  = orderMobility + 36
	orderParity   = orderCorners + 5
	orderSize     = orderParity + 10
)

func init() {
	for i, f := range features {
		if (i < orderFeatures) != (f.shape < orderShapes) {
			panic("eval: Order's shapes are not the first feature slots") // a build bug
		}
	}
}

// orderSquares holds the squares of Order's patterns: a disc flipped
// elsewhere changes none of its indices.
var orderSquares = func() (m uint64) {
	for _, f := range features[:orderFeatures] {
		for _, sq := range f.squares {
			m |= bitboard.Bit(sq)
		}
	}
	return m
}()

// orderTerms lists, for each square, the terms of squareTerms that are in
// Order's features.
var orderTerms = func() (t [64][]squareTerm) {
	for sq := range t {
		for _, term := range squareTerms[sq] {
			if term.feature < orderFeatures {
				t[sq] = append(t[sq], term)
			}
		}
	}
	return t
}()

// OrderModel is the weights of Order.
var OrderModel = &Model{
	Name: "order", Phases: OrderPhases, phase: orderModelPhase, size: orderSize, slots: orderFeatures + 3, shapes: orderShapes,
	fill: func(p, o uint64, dst []int32) {
		f := NewFeatures(p, o)
		for k := range orderFeatures {
			dst[k] = int32(WeightIndex(k, f.MoverIndex(k, true)))
		}
		mob, corners, parity := orderScalars(p, o, bitboard.Moves(p, o))
		dst[orderFeatures], dst[orderFeatures+1], dst[orderFeatures+2] = mob, corners, parity
	},
	eval: func(w *Weights) Evaluator { return NewOrder(w) },
}

// orderModelPhase is OrderPhase within the empties that Order is fitted
// for, -1 above them: a position of the midgame is no sample of the
// endgame's.
func orderModelPhase(empties int) int {
	if empties >= 2*OrderPhases {
		return -1
	}
	return OrderPhase(empties)
}

// orderScalars returns the slots of the three small tables for board (p, o)
// where p has the given moves.
func orderScalars(p, o, moves uint64) (mob, corners, parity int32) {
	e := ^(p | o)
	odd := 0
	for _, q := range quadrants {
		odd += bits.OnesCount64(e&q) & 1
	}
	n := bits.OnesCount64(e)
	return int32(orderMobility + min(35, bits.OnesCount64(moves))),
		int32(orderCorners + bits.OnesCount64(moves&bitboard.Corners)),
		int32(orderParity + 5*(n&1) + odd)
}

// quadrants are the four 4x4 corners of the board.
var quadrants = [4]uint64{0x000000000f0f0f0f, 0x00000000f0f0f0f0, 0x0f0f0f0f00000000, 0xf0f0f0f000000000}

// NewOrder returns an ordering evaluation with the given weights of
// OrderModel (it copies them).
func NewOrder(w *Weights) *Order {
	e := &Order{}
	for p := range w.W {
		e.byMover[p] = moverTables(w.W[p], orderShapes)
	}
	return e
}

//go:embed order.sew
var embeddedOrder []byte

// DefaultOrder returns the ordering evaluation with the embedded weights,
// decoded once.
func DefaultOrder() (*Order, error) { return defaultOrder() }

var defaultOrder = sync.OnceValues(func() (*Order, error) {
	w, err := OrderModel.Decode(embeddedOrder)
	if err != nil {
		return nil, err
	}
	return NewOrder(w), nil
})

// Evaluate implements Evaluator, from scratch, in discs.
func (e *Order) Evaluate(p, o uint64) int { return discs(int32(e.Score(p, o))) }

// Score is Evaluate in 1/WeightScale disc, unrounded.
func (e *Order) Score(p, o uint64) int {
	f := NewFeatures(p, o) // p as black: the mover's view
	return int(e.sum((*[orderFeatures]uint16)(f.idx[:orderFeatures]), 0, p, o, bitboard.Moves(p, o)))
}

// MoveScore scores the board (p to move, o the opponent, p's moves given)
// reached by the move on sq flipping flips, by black when black, from the
// features f before the move, in 1/WeightScale disc for p. Only Order's
// slots of the features are played, and only on its squares: with AVX2
// in one vector and two gathers (features_amd64.s).
func (e *Order) MoveScore(f *Features, sq int, flips uint64, black bool, p, o, moves uint64) int {
	side := 1 // the child's mover: White after a black move
	if !black {
		side = 0
	}
	w := e.byMover[OrderPhase(bits.OnesCount64(^(p | o)))][side]
	mob, corners, parity := orderScalars(p, o, moves)
	s := int32(w[mob]) + int32(w[corners]) + int32(w[parity])
	if useAVX2 {
		return int(s + playSum16AVX2(f, sq&63, flips&orderSquares, black, &w[0], &featureOffset))
	}
	var x [orderFeatures]uint16
	copy(x[:], f.idx[:orderFeatures])
	place, flip := uint16(1), uint16(0xffff) // as in playGo
	if !black {
		place, flip = 2, 1
	}
	for _, t := range orderTerms[sq&63] {
		x[t.feature] += place * t.power
	}
	for fl := flips & orderSquares; fl != 0; fl &= fl - 1 {
		for _, t := range orderTerms[bits.TrailingZeros64(fl)] {
			x[t.feature] += flip * t.power
		}
	}
	return int(s + patternSum(w, &x))
}

// sum adds the weights of board (p, o) with pattern indices x for the
// given side to move.
func (e *Order) sum(x *[orderFeatures]uint16, side int, p, o, moves uint64) int32 {
	w := e.byMover[OrderPhase(bits.OnesCount64(^(p | o)))][side]
	mob, corners, parity := orderScalars(p, o, moves)
	return patternSum(w, x) + int32(w[mob]) + int32(w[corners]) + int32(w[parity])
}

// patternSum adds the pattern weights of table w at Order's indices x.
func patternSum(w []int16, x *[orderFeatures]uint16) int32 {
	var s0, s1 int32
	for i := 0; i < orderFeatures; i += 2 {
		s0 += int32(w[featureOffset[i]+int32(x[i])])
		s1 += int32(w[featureOffset[i+1]+int32(x[i+1])])
	}
	return s0 + s1
}
