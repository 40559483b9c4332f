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

// timed reports whether the limits bound the search by a clock or a move
// time.
func (l Limits) timed() bool {
	return l.Time > 0 || l.Clock.Remaining > 0 || l.Clock.Byoyomi > 0
}
