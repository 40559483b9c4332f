package match

import (
	"time"

	"github.com/sable-othello/sable/record"
)

// clock is one side's clock during a game.
type clock struct {
	tc        record.TimeControl
	remaining time.Duration // time left in the current period
	movesLeft int           // moves left in the period when tc.Moves > 0
}

func newClock(tc record.TimeControl) clock {
	return clock{tc: tc, remaining: tc.Main, movesLeft: tc.Moves}
}

// limit is how long the next move may take before it forfeits: the time left
// plus the margin. It is 0 (no limit) without a clock.
func (c *clock) limit(margin time.Duration) time.Duration {
	if !c.tc.Limited() {
		return 0
	}
	return max(c.remaining, 0) + margin
}

// charge takes a move's time off the clock and reports whether the move came
// within the limit.
func (c *clock) charge(elapsed, margin time.Duration) bool {
	if !c.tc.Limited() {
		return true
	}
	inTime := elapsed <= c.limit(margin)
	c.remaining += c.tc.Increment - elapsed
	if c.tc.Moves > 0 {
		if c.movesLeft--; c.movesLeft == 0 {
			c.remaining += c.tc.Main
			c.movesLeft = c.tc.Moves
		}
	}
	return inTime
}
