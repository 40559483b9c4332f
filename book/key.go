package book

import "github.com/sable-othello/sable/bitboard"

// normalize returns the board whose side to move has a move: x itself, or
// x after a forced pass (passed). ok is false when the game is over.
func normalize(x bitboard.Board) (n bitboard.Board, passed, ok bool) {
	if x.Moves() != 0 {
		return x, false, true
	}
	if y := x.Pass(); y.Moves() != 0 {
		return y, true, true
	}
	return x, false, false
}

// Step is where a move leads: the book key of the next position, and how
// the next position's value reads for the player who moved.
type Step struct {
	Key bitboard.Board // canonical board after the move (and any forced pass)
	// Sign turns the value of Key into the move's value for the mover: -1,
	// or +1 when the opponent must pass and the mover moves again.
	Sign int
	Over bool // the move ends the game; Final is then its exact value
	// Final is the mover's final disc difference (WOF) when Over.
	Final int
}

// Follow plays sq on x (x to move) and returns where it leads.
func Follow(x bitboard.Board, sq int) Step {
	next := x.Play(sq, bitboard.Flips(sq, x.P, x.O))
	n, passed, ok := normalize(next)
	if !ok {
		return Step{Over: true, Final: -bitboard.FinalScore(next, bitboard.WOF)}
	}
	c, _ := n.Canonical()
	if passed {
		return Step{Key: c, Sign: 1}
	}
	return Step{Key: c, Sign: -1}
}

// keyOf returns the book key of board x (x to move): its canonical form
// after any forced pass. ok is false when the game is over.
func keyOf(x bitboard.Board) (bitboard.Board, bool) {
	n, _, ok := normalize(x)
	if !ok {
		return bitboard.Board{}, false
	}
	c, _ := n.Canonical()
	return c, true
}
