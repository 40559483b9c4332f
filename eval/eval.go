// Package eval scores positions for the search. An Evaluator is a value the
// Engine holds, so the search never needs to know which evaluation it runs.
// Pattern, the one engines use, sums the weights of 62 pattern instances
// (shapes.go), kept up to date move by move (Features), and with the
// mobility model a table by both sides' move counts, from the weight set of
// the game phase (one per 2 plies). Default has the weights embedded from
// weights.sew, fitted by "sable train".
// Simple is a hand-written evaluation, a baseline to measure Pattern against.
// Order, a small relative of Pattern with weights of its own (order.sew),
// helps order the moves of the exact endgame.
package eval

// Evaluator estimates the final disc difference for the player to move.
type Evaluator interface {
	// Evaluate scores the board (p to move, o the opponent) in discs, from
	// p's side, within [-64, 64]. It must be safe for concurrent use.
	Evaluate(p, o uint64) int
}

// Incremental is implemented by evaluators that score Features kept up to
// date move by move, which is much cheaper than reading the patterns off the
// board at every leaf. The search keeps the features when its evaluator
// implements this.
type Incremental interface {
	Evaluator
	// EvaluateFeatures scores the features of board (p to move, o the
	// opponent), in which p's discs are black when blackToMove.
	EvaluateFeatures(f *Features, blackToMove bool, p, o uint64) int
	// EvaluateMove scores the board (p to move, o the opponent) reached by
	// the move on sq flipping flips, by black when black, from the
	// features f before it: EvaluateFeatures of f after PlayInto, without
	// keeping those features, which is what a leaf needs.
	EvaluateMove(f *Features, sq int, flips uint64, black bool, p, o uint64) int
}
