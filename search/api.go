// Package search holds Sable's searches: the exact endgame solver and the
// iterative-deepening midgame search, with their transposition table, move
// ordering, time management and parallel workers. An Engine owns all of its
// state, so several engines can live in one process.
package search

import "time"

// Limits bound one search. Zero fields mean "no limit". With no limit at all
// the search runs until its context is cancelled or the game is solved.
type Limits struct {
	Depth int           // midgame depth in plies
	Nodes uint64        // node budget
	Time  time.Duration // fixed time for this move
	Clock Clock         // a game clock; used when Clock.Remaining > 0
	Level int           // Edax-style level (depth and selectivity); 0 = unset
	// Selectivity is the probcut confidence in percent (73, 87, 95, 98, 99;
	// 100 = none). 0 keeps the level's, or none without a level.
	Selectivity int
}

// Clock is the state of the side to move's game clock.
type Clock struct {
	Remaining time.Duration // main time left (or byo-yomi period left when in byo-yomi)
	Increment time.Duration // added after each move
	Byoyomi   time.Duration // time per period once main time is used up
	Stones    int           // moves to make within the byo-yomi period (0 = one)
	MovesToGo int           // moves to make before the clock is refilled (0 = sudden death)
}

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

// MoveValue is a legal move with its value from the side to move.
type MoveValue struct {
	Move  int
	Score int
	Exact bool  // the score is the exact final disc difference
	WLD   bool  // only the sign of the score is proven
	Depth int   // plies searched after the move (empties when solved)
	PV    []int // the move, then the line the search expects
}
