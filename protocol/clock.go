package protocol

import (
	"fmt"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/search"
)

// gameClock follows both players' clocks as GTP describes them: main time,
// then Canadian byo-yomi (a period of byoyomi for stones moves). The
// controller's time_left overrides what the engine counts itself.
//
// With absolute time (no byo-yomi) two things are hidden from the engine:
// GTP cannot say that the controller adds an increment after each move, and
// time_left counts whole seconds, rounded down, so "time_left b 0 0" may mean
// 0.9 s. moves and spent count each side's moves and search time since the
// start, and inc is the smallest increment that explains every time_left
// heard (the controller counts at least the search time). The own count,
// charged moveOverhead more per move and credited inc, and the time_left
// are then both lower bounds of the time left: the clock budgets on the
// larger one and on inc.
type gameClock struct {
	limited bool // false: no time limit
	main    time.Duration
	byoyomi time.Duration
	stones  int
	left    [2]time.Duration // main time left, or the period's time in byo-yomi
	inByo   [2]int           // stones left in the byo-yomi period; 0 in main time
	moves   [2]int           // moves made in this game, absolute time only
	spent   [2]time.Duration // their search time
	inc     [2]time.Duration // the increment the time_lefts have shown
}

// moveOverhead is what a controller may count for a move beyond the search:
// the pipes and process scheduling, a few milliseconds. Counting it keeps
// the own count of an absolute clock a lower bound of the controller's.
const moveOverhead = 10 * time.Millisecond

// settings applies time_settings: main time, byo-yomi time and stones in
// seconds. byoyomi > 0 with no stones means no limit (Quarry sends 0 1 0);
// byoyomi = 0 means absolute time. "0 0 0" is also read as no limit: no
// engine can play in no time, and some controllers send it for none.
func (c *gameClock) settings(main, byoyomi time.Duration, stones int) error {
	if main < 0 || byoyomi < 0 || stones < 0 {
		return fmt.Errorf("negative time")
	}
	*c = gameClock{}
	if (byoyomi > 0 && stones == 0) || (main == 0 && byoyomi == 0) {
		return nil
	}
	c.limited, c.main, c.byoyomi, c.stones = true, main, byoyomi, stones
	c.restart()
	return nil
}

// restart gives both players their full time again for a new game. The
// increment learned stays: the time control is the same.
func (c *gameClock) restart() {
	for side := range c.left {
		c.left[side], c.inByo[side] = c.main, 0
		c.moves[side], c.spent[side] = 0, 0
		if c.main == 0 {
			c.left[side], c.inByo[side] = c.byoyomi, c.stones
		}
	}
}

// timeLeft applies time_left: the time left to side, and the stones left in
// its byo-yomi period (0 while in main time).
func (c *gameClock) timeLeft(side bitboard.Color, left time.Duration, stones int) error {
	if left < 0 || stones < 0 {
		return fmt.Errorf("negative time")
	}
	if c.absolute() && stones == 0 && c.moves[side] > 0 {
		c.inc[side] = max(c.inc[side], (left-c.main+c.spent[side])/time.Duration(c.moves[side]))
		left = max(left, c.left[side])
	}
	c.left[side], c.inByo[side] = left, stones
	return nil
}

// absolute reports whether the clock is a main time with no byo-yomi.
func (c *gameClock) absolute() bool { return c.limited && c.byoyomi == 0 }

// limit returns the clock of side for the search.
func (c *gameClock) limit(side bitboard.Color) search.Clock {
	switch {
	case !c.limited:
		return search.Clock{}
	case c.inByo[side] > 0:
		return search.Clock{Byoyomi: c.left[side], Stones: c.inByo[side]}
	case c.left[side] <= 0 && c.byoyomi > 0:
		return search.Clock{Byoyomi: c.byoyomi, Stones: c.stones}
	}
	// With absolute time and nothing left, a tiny Remaining still makes the
	// search hurry: a zero one would mean no limit at all.
	return search.Clock{Remaining: max(c.left[side], time.Millisecond), Increment: c.inc[side], Byoyomi: c.byoyomi, Stones: c.stones}
}

// spend charges side for a move that took used.
func (c *gameClock) spend(side bitboard.Color, used time.Duration) {
	if !c.limited {
		return
	}
	if c.absolute() {
		c.moves[side]++
		c.spent[side] += used
		c.left[side] += c.inc[side] - used - moveOverhead
		return
	}
	if c.inByo[side] == 0 && c.left[side] <= 0 && c.byoyomi > 0 {
		c.left[side], c.inByo[side] = c.byoyomi, c.stones
	}
	c.left[side] -= used
	if c.inByo[side] > 0 {
		c.inByo[side]--
		if c.inByo[side] == 0 {
			c.left[side] = c.byoyomi
			c.inByo[side] = c.stones
		}
		return
	}
	if c.left[side] <= 0 && c.byoyomi > 0 {
		c.left[side], c.inByo[side] = c.byoyomi, c.stones
	}
}
