package match

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// TimeControl is an engine's game clock. The zero value is no clock: the
// engine is limited by its own settings (a fixed depth, say) and never
// forfeits on time, so an engine that stalls then holds the match up until
// Ctrl-C.
type TimeControl struct {
	Moves     int           // moves per period, the clock refilled after each; 0: the whole game
	Time      time.Duration // time per period; 0: no clock
	Increment time.Duration // added after each move
}

// ParseTimeControl reads "inf" (no clock), "MOVES/TIME" (MOVES moves in
// TIME, repeating, e.g. 1/2 for two seconds a move) or "TIME+INC" (the whole
// game in TIME, INC added per move). Times are seconds (0.5) or Go durations
// (500ms, 2m).
func ParseTimeControl(s string) (TimeControl, error) {
	if s == "inf" || s == "" {
		return TimeControl{}, nil
	}
	var tc TimeControl
	var err error
	if moves, rest, ok := strings.Cut(s, "/"); ok {
		tc.Moves, err = strconv.Atoi(moves)
		if err != nil || tc.Moves <= 0 {
			return tc, fmt.Errorf("time control %q: moves %q is not a positive integer", s, moves)
		}
		s = rest
	}
	base, inc, hasInc := strings.Cut(s, "+")
	if hasInc && tc.Moves > 0 {
		return tc, fmt.Errorf("time control %q: moves/time with an increment is not supported", s)
	}
	if tc.Time, err = parseSeconds(base); err != nil {
		return tc, fmt.Errorf("time control %q: %w", s, err)
	}
	if hasInc {
		if tc.Increment, err = parseSeconds(inc); err != nil {
			return tc, fmt.Errorf("time control %q: %w", s, err)
		}
	}
	if tc.Time <= 0 {
		return tc, fmt.Errorf("time control %q: time must be positive (use inf for no clock)", s)
	}
	return tc, nil
}

// String writes the control as ParseTimeControl reads it.
func (tc TimeControl) String() string {
	switch {
	case !tc.Limited():
		return "inf"
	case tc.Moves > 0:
		return fmt.Sprintf("%d/%s", tc.Moves, seconds(tc.Time))
	}
	return seconds(tc.Time) + "+" + seconds(tc.Increment)
}

// Limited reports whether the control has a clock at all.
func (tc TimeControl) Limited() bool { return tc.Time > 0 }

// parseSeconds reads seconds ("1.5") or a Go duration ("1500ms").
func parseSeconds(s string) (time.Duration, error) {
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		if f < 0 {
			return 0, fmt.Errorf("negative time %q", s)
		}
		return time.Duration(f * float64(time.Second)), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return 0, fmt.Errorf("bad time %q (want seconds or a duration like 500ms)", s)
	}
	return d, nil
}

// seconds writes a duration in seconds, with up to three decimals: 2, 0.25.
func seconds(d time.Duration) string {
	return strconv.FormatFloat(d.Round(time.Millisecond).Seconds(), 'f', -1, 64)
}

// clock is one side's clock during a game.
type clock struct {
	tc        TimeControl
	remaining time.Duration // time left in the current period
	movesLeft int           // moves left in the period when tc.Moves > 0
}

func newClock(tc TimeControl) clock {
	return clock{tc: tc, remaining: tc.Time, movesLeft: tc.Moves}
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
			c.remaining += c.tc.Time
			c.movesLeft = c.tc.Moves
		}
	}
	return inTime
}
