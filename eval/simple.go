package eval

import (
	"math/bits"

	"github.com/sable-othello/sable/bitboard"
)

// Simple is a hand-written evaluation of the classic midgame features:
// mobility, potential mobility, corners, squares next to empty corners, and
// parity. Weights are in 1/16 disc and were set by hand from the usual
// strategic values (a corner is worth several discs, a move about one).
type Simple struct{}

// Weights of Simple, in 1/16 disc.
const (
	simpleMobility  = 16 // per move more than the opponent
	simplePotential = 6  // per empty square next to an opponent disc, more than the opponent's
	simpleCorner    = 80 // per corner held
	simpleXSquare   = 40 // per disc diagonally next to an empty corner (penalty)
	simpleCSquare   = 12 // per disc on the edge next to an empty corner (penalty)
	simpleParity    = 8  // for having the last move in an even-empties endgame
	simpleScale     = 16
)

// xSquares and cSquares pair each corner with its X- and C-squares.
var (
	cornerSquares = [4]uint64{1 << 0, 1 << 7, 1 << 56, 1 << 63}
	xSquares      = [4]uint64{1 << 9, 1 << 14, 1 << 49, 1 << 54}
	cSquares      = [4]uint64{1<<1 | 1<<8, 1<<6 | 1<<15, 1<<48 | 1<<57, 1<<55 | 1<<62}
)

// Evaluate implements Evaluator.
func (Simple) Evaluate(p, o uint64) int {
	mp, mo := bitboard.Moves(p, o), bitboard.Moves(o, p)
	if mp == 0 && mo == 0 {
		return bitboard.FinalScore(bitboard.Board{P: p, O: o}, bitboard.WOF)
	}
	s := simpleMobility * (bits.OnesCount64(mp) - bits.OnesCount64(mo))
	s += simplePotential * (bits.OnesCount64(bitboard.PotentialMobility(p, o)) - bits.OnesCount64(bitboard.PotentialMobility(o, p)))
	s += simpleCorner * (bits.OnesCount64(p&bitboard.Corners) - bits.OnesCount64(o&bitboard.Corners))
	empty := ^(p | o)
	for i, c := range cornerSquares {
		if empty&c != 0 {
			s -= simpleXSquare * (bits.OnesCount64(p&xSquares[i]) - bits.OnesCount64(o&xSquares[i]))
			s -= simpleCSquare * (bits.OnesCount64(p&cSquares[i]) - bits.OnesCount64(o&cSquares[i]))
		}
	}
	if bits.OnesCount64(empty)&1 == 1 {
		s += simpleParity // odd empties: the player to move may get the last move
	}
	return max(-64, min(64, s/simpleScale))
}
