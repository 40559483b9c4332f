package search

import (
	"testing"
	"time"
)

func TestBudgetGivesEachClockItsShare(t *testing.T) {
	const ms = time.Millisecond
	for _, c := range []struct {
		name       string
		lim        Limits
		empties    int
		soft, hard time.Duration
	}{
		{"no limit", Limits{}, 40, 0, 0},
		{"a depth alone", Limits{Depth: 10}, 40, 0, 0},
		{"move time less the overhead", Limits{Time: time.Second}, 40, 742500 * time.Microsecond, 990 * ms},
		{"short move time keeps half", Limits{Time: 15 * ms}, 40, 5625 * time.Microsecond, 7500 * time.Microsecond},
		{"move time before the clock", Limits{Time: time.Second, Clock: Clock{Remaining: time.Hour}}, 40, 742500 * time.Microsecond, 990 * ms},
		{"byo-yomi period per stone", Limits{Clock: Clock{Byoyomi: 400 * ms, Stones: 4}}, 40, 67500 * time.Microsecond, 90 * ms},
		{"byo-yomi of one stone by default", Limits{Clock: Clock{Byoyomi: 10 * ms}}, 40, 3750 * time.Microsecond, 5 * ms},
		{"low time answers at once", Limits{Clock: Clock{Remaining: 40 * ms}}, 40, 1, 10 * ms},
		{"low time keeps a millisecond", Limits{Clock: Clock{Remaining: 2 * ms}}, 40, 1, ms},
		// 40 empties: 17 moves left, so 2 s a move, twice that at most.
		{"sudden death", Limits{Clock: Clock{Remaining: 34 * time.Second}}, 40, 1200 * ms, 4 * time.Second},
		{"increment adds nine tenths", Limits{Clock: Clock{Remaining: 34 * time.Second, Increment: time.Second}}, 40, 1740 * ms, 5800 * ms},
		{"byo-yomi after main time adds half a period", Limits{Clock: Clock{Remaining: 34 * time.Second, Byoyomi: 4 * time.Second, Stones: 1}}, 40, 2400 * ms, 8 * time.Second},
		{"moves to go, at most a third of what is left", Limits{Clock: Clock{Remaining: 20 * time.Second, MovesToGo: 4}}, 40, 3 * time.Second, 20 * time.Second / 3},
		// 9 s left and 3 s a move: at most 3 s + 3 s, planned on 3 s + 2.7 s
		// at 12 empties (3 moves left), 4.5 s + 2.7 s at 4 (at least 2).
		{"late game: 3 moves left at 12 empties", Limits{Clock: Clock{Remaining: 9 * time.Second, Increment: 3 * time.Second}}, 12, 3420 * ms, 6 * time.Second},
		{"endgame: at least 2 moves left", Limits{Clock: Clock{Remaining: 9 * time.Second, Increment: 3 * time.Second}}, 4, 3600 * ms, 6 * time.Second},
		{"fast clock", Limits{Clock: Clock{Remaining: 170 * ms}}, 40, 6 * ms, 20 * ms},
		{"the reserve binds", Limits{Clock: Clock{Remaining: 100 * ms, Increment: time.Second, MovesToGo: 1}}, 40, 36 * ms, 60 * ms},
	} {
		soft, hard := budget(c.lim, c.empties)
		if soft != c.soft || hard != c.hard {
			t.Errorf("%s: budget(%+v, %d) = %v, %v; want %v, %v", c.name, c.lim, c.empties, soft, hard, c.soft, c.hard)
		}
	}
}
