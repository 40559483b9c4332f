package search

import "time"

// Info is one progress report of a running search, streamed to a callback
// so that protocols can show live analysis.
type Info struct {
	Depth       int           // plies searched (empties when solving)
	Selectivity int           // confidence in percent: 100 when no cut is probabilistic
	Exact       bool          // the score is the exact final disc difference
	WLD         bool          // only the sign of the score is proven
	Score       int           // from the side to move, in discs
	PV          []int         // principal variation, squares or bitboard.PassMove
	Nodes       uint64        // nodes searched so far
	Elapsed     time.Duration // time since the search started
}

// Result is the outcome of a search.
type Result struct {
	Info
	Move    int  // the best move, or bitboard.PassMove when the side must pass
	Stopped bool // the search was stopped before it finished
}

// MoveValue is a legal move (or a forced pass) with its value from the
// side to move, as a multi-PV search (Analysis) gives it.
type MoveValue struct {
	Move  int
	Score int
	PV    []int // the move, then the line the search expects
}
