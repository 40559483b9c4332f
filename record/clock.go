package record

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// TimeControl is a game clock: main time for the game, or for each period
// of Moves moves; an increment added after each move; and, as GGF has it, a
// one-time extension once the main time is used up. The zero value is no
// clock.
//
// It has two text forms: the command line's (ParseTimeControl, String) and
// GGF's (ParseGGFClock, GGF).
type TimeControl struct {
	Main      time.Duration // time for the game or the period; 0: no clock
	Moves     int           // moves per period, the clock refilled after each; 0: the whole game
	Increment time.Duration // added after each move
	Extension time.Duration // added once when the main time is used up
}

// MaxSeconds is the longest time a record or a time control may give: about
// 115 days, far within time.Duration.
const MaxSeconds = 1e7

// Limited reports whether the control has a clock at all.
func (tc TimeControl) Limited() bool { return tc.Main > 0 }

// ParseTimeControl reads a time control as the command line gives it: "inf"
// (no clock), "MOVES/TIME" (MOVES moves in TIME, repeating, e.g. 1/2 for two
// seconds a move) or "TIME+INC" (the whole game in TIME, INC added per
// move). Times are seconds (0.5) or Go durations (500ms, 2m).
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
	if tc.Main, err = ParseDuration(base); err != nil {
		return tc, fmt.Errorf("time control %q: %w", s, err)
	}
	if hasInc {
		if tc.Increment, err = ParseDuration(inc); err != nil {
			return tc, fmt.Errorf("time control %q: %w", s, err)
		}
	}
	if tc.Main <= 0 {
		return tc, fmt.Errorf("time control %q: time must be positive (use inf for no clock)", s)
	}
	return tc, nil
}

// String writes the control as ParseTimeControl reads it. The extension has
// no place in that form and is left out.
func (tc TimeControl) String() string {
	switch {
	case !tc.Limited():
		return "inf"
	case tc.Moves > 0:
		return fmt.Sprintf("%d/%s", tc.Moves, FormatSeconds(tc.Main))
	}
	return FormatSeconds(tc.Main) + "+" + FormatSeconds(tc.Increment)
}

// ParseGGFClock reads a GGF clock "main/increment/extension", each part
// [[h:]m:]s and optional; options after a comma (GGS's ",N") are ignored.
func ParseGGFClock(s string) (TimeControl, error) {
	parts := strings.Split(s, "/")
	if len(parts) > 3 {
		return TimeControl{}, fmt.Errorf("clock %q: want main/increment/extension", s)
	}
	var d [3]time.Duration
	for i, part := range parts {
		part, _, _ = strings.Cut(part, ",")
		if strings.TrimSpace(part) == "" {
			continue
		}
		t, err := parseClockTime(part)
		if err != nil {
			return TimeControl{}, fmt.Errorf("clock %q: %w", s, err)
		}
		d[i] = t
	}
	return TimeControl{Main: d[0], Increment: d[1], Extension: d[2]}, nil
}

// GGF writes the control as a GGF clock, "main/increment" in seconds, then
// "/extension" when there is one. GGF has no periods: Moves is left out.
func (tc TimeControl) GGF() string {
	s := FormatSeconds(tc.Main) + "/" + FormatSeconds(tc.Increment)
	if tc.Extension != 0 {
		s += "/" + FormatSeconds(tc.Extension)
	}
	return s
}

// ParseSeconds reads a number of seconds, such as "1.5", from 0 to
// MaxSeconds.
func ParseSeconds(s string) (time.Duration, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !(v >= 0 && v <= MaxSeconds) {
		return 0, fmt.Errorf("bad time %q (want seconds, 0 to %g)", s, float64(MaxSeconds))
	}
	return time.Duration(math.Round(v * float64(time.Second))), nil
}

// ParseDuration reads seconds ("1.5") or a Go duration ("1500ms"), from 0
// to MaxSeconds.
func ParseDuration(s string) (time.Duration, error) {
	if _, err := strconv.ParseFloat(s, 64); err == nil {
		return ParseSeconds(s)
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 || d > MaxSeconds*time.Second {
		return 0, fmt.Errorf("bad time %q (want seconds or a duration like 500ms)", s)
	}
	return d, nil
}

// FormatSeconds writes a duration in seconds rounded to the millisecond,
// with as few decimals as that takes: "2", "0.25", "1.824".
func FormatSeconds(d time.Duration) string {
	ms := d.Round(time.Millisecond).Milliseconds()
	sign := ""
	if ms < 0 {
		sign, ms = "-", -ms
	}
	s := sign + strconv.FormatInt(ms/1000, 10)
	if frac := ms % 1000; frac != 0 {
		s += strings.TrimRight(fmt.Sprintf(".%03d", frac), "0")
	}
	return s
}

// parseClockTime reads [[h:]m:]s, the seconds possibly fractional, rounded
// to the millisecond as records keep times.
func parseClockTime(s string) (time.Duration, error) {
	fields := strings.Split(strings.TrimSpace(s), ":")
	bad := fmt.Errorf("bad time %q (want [[h:]m:]s)", s)
	if len(fields) > 3 {
		return 0, bad
	}
	var secs float64
	for i, f := range fields {
		v, err := strconv.ParseFloat(f, 64)
		last := i == len(fields)-1
		if err != nil || !(v >= 0 && v <= MaxSeconds) || (!last && v != math.Trunc(v)) {
			return 0, bad
		}
		secs = secs*60 + v
	}
	if secs > MaxSeconds {
		return 0, bad
	}
	return time.Duration(math.Round(secs*1000)) * time.Millisecond, nil
}
