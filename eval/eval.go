// Package eval scores positions for the search. An Evaluator is a value the
// Engine holds, so the search never needs to know which evaluation it runs:
// the hand-written Simple evaluator serves until trained pattern weights land.
package eval

// Evaluator estimates the final disc difference for the player to move.
type Evaluator interface {
	// Evaluate scores the board (p to move, o the opponent) in discs, from
	// p's side, within [-64, 64]. It must be safe for concurrent use.
	Evaluate(p, o uint64) int
}
