package bitboard

import (
	"errors"
	"fmt"
	"math/bits"
)

// Reachable refuses a position that no game under its rules can reach, by
// two facts of play: the four centre squares are filled first (they start
// filled in Othello, and take classic Reversi's first four placements),
// and every later disc is placed next to one already there, so the discs
// always touch each other. A position that passes may still be
// unreachable; one that fails certainly is.
func Reachable(p Position) error {
	occ := p.Board.P | p.Board.O
	if p.Board.P&p.Board.O != 0 {
		return errors.New("a square holds two discs")
	}
	if p.Rules.Variant == Classic && bits.OnesCount64(occ) < classicOpening {
		if occ&^centre != 0 {
			return fmt.Errorf("%s is filled before the centre: classic Reversi places its first four discs on d4, e4, d5 and e5",
				SquareName(bits.TrailingZeros64(occ&^centre)))
		}
		return nil
	}
	if missing := centre &^ occ; missing != 0 {
		return fmt.Errorf("%s is empty: the centre squares d4, e4, d5 and e5 are filled in every game",
			SquareName(bits.TrailingZeros64(missing)))
	}
	joined := centre
	for {
		next := joined | neighbours(joined)&occ
		if next == joined {
			break
		}
		joined = next
	}
	if cut := occ &^ joined; cut != 0 {
		return fmt.Errorf("the disc on %s touches no path of discs to the centre: every disc is placed next to another",
			SquareName(bits.TrailingZeros64(cut)))
	}
	return nil
}
