package search

import "time"

// Time management: a search gets a soft budget (no new iteration starts
// after it) and a hard one (the search is stopped there and returns the best
// move found so far).

// budget returns the soft and hard time for one move, or zeros for none.
// empties estimates how many moves are left to play.
func budget(lim Limits, empties int) (soft, hard time.Duration) {
	if lim.Time > 0 {
		hard = max(lim.Time-moveOverhead, lim.Time/2)
		return time.Duration(float64(hard) * softFraction), hard
	}
	c := lim.Clock
	if c.Remaining <= 0 && c.Byoyomi <= 0 {
		return 0, 0
	}
	if c.Remaining <= 0 { // in byo-yomi: the period's time for its moves
		per := c.Byoyomi / time.Duration(max(1, c.Stones))
		hard = max(per-moveOverhead, per/2)
		return time.Duration(float64(hard) * softFraction), hard
	}
	if c.Remaining < lowTime {
		return 1, max(c.Remaining/4, time.Millisecond)
	}
	// Our moves left: half the empties, fewer once the end is solved fast.
	movesLeft := max(2, (empties-10)/2+2)
	if c.MovesToGo > 0 {
		movesLeft = min(movesLeft, c.MovesToGo)
	}
	target := c.Remaining/time.Duration(movesLeft) + c.Increment*9/10
	if c.Byoyomi > 0 {
		target += c.Byoyomi / time.Duration(max(1, c.Stones)) / 2
	}
	// Never plan on more than a third of what is left (plus increment), and
	// always keep the overhead and the low-time reserve in hand.
	limit := c.Remaining/3 + c.Increment
	if c.Byoyomi > 0 {
		limit = max(limit, c.Byoyomi/time.Duration(max(1, c.Stones))-moveOverhead)
	}
	hard = min(target*2, limit, c.Remaining-moveOverhead-lowTime/2)
	hard = max(hard, time.Millisecond)
	return min(target, hard) * 6 / 10, hard
}
