// Package span reads and tests the inclusive ranges of small numbers that
// the lab's commands take as "N" or "LO-HI": self-play's random moves, the
// empties that "sable label" labels, the phases that "sable train" fits.
package span

import (
	"fmt"
	"strconv"
	"strings"
)

// Span is the numbers from Lo to Hi, both included.
type Span struct{ Lo, Hi int }

// Parse reads "n" or "lo-hi" with 0 <= lo <= hi <= limit.
func Parse(s string, limit int) (Span, error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || lo < 0 || lo > hi || hi > limit {
		return Span{}, fmt.Errorf("bad range %q (want N or LO-HI within 0..%d)", s, limit)
	}
	return Span{lo, hi}, nil
}

// Contains reports whether x lies in the span.
func (s Span) Contains(x int) bool { return s.Lo <= x && x <= s.Hi }

// String writes the span as Parse reads it.
func (s Span) String() string {
	if s.Lo == s.Hi {
		return strconv.Itoa(s.Lo)
	}
	return fmt.Sprintf("%d-%d", s.Lo, s.Hi)
}
