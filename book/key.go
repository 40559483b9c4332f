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

// step is where a move leads: the book key of the next position, and how
// the next position's value reads for the player who moved.
type step struct {
	key bitboard.Board // canonical board after the move (and any forced pass)
	// sign turns the value of key into the move's value for the mover: -1,
	// or +1 when the opponent must pass and the mover moves again.
	sign int
	over bool // the move ends the game; final is then its exact value
	// final is the mover's final disc difference (WOF) when over.
	final int
}

// follow plays sq on x (x to move) and returns where it leads.
func follow(x bitboard.Board, sq int) step {
	next := x.Play(sq, bitboard.Flips(sq, x.P, x.O))
	n, passed, ok := normalize(next)
	if !ok {
		return step{over: true, final: -bitboard.FinalScore(next, bitboard.WOF)}
	}
	c, _ := n.Canonical()
	if passed {
		return step{key: c, sign: 1}
	}
	return step{key: c, sign: -1}
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
