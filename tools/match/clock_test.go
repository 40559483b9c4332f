package match

import (
	"testing"
	"time"

	"github.com/sable-othello/sable/record"
)

func TestClockChargesMovesAndRefills(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name      string
		tc        record.TimeControl
		margin    time.Duration
		moves     []time.Duration
		inTime    []bool
		remaining time.Duration
	}{
		{name: "no clock never forfeits", moves: []time.Duration{time.Hour}, inTime: []bool{true}},
		{name: "increment is added after each move", tc: record.TimeControl{Main: 100 * ms, Increment: 50 * ms},
			moves: []time.Duration{120 * ms, 20 * ms}, inTime: []bool{false, true}, remaining: 60 * ms},
		{name: "margin tolerates lateness", tc: record.TimeControl{Main: 100 * ms}, margin: 30 * ms,
			moves: []time.Duration{120 * ms}, inTime: []bool{true}, remaining: -20 * ms},
		{name: "period refills after its moves", tc: record.TimeControl{Moves: 2, Main: 100 * ms},
			moves: []time.Duration{30 * ms, 60 * ms, 90 * ms}, inTime: []bool{true, true, true}, remaining: 20 * ms},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newClock(tt.tc)
			for i, d := range tt.moves {
				if got := c.charge(d, tt.margin); got != tt.inTime[i] {
					t.Errorf("move %d (%s): in time %v, want %v", i+1, d, got, tt.inTime[i])
				}
			}
			if c.remaining != tt.remaining {
				t.Errorf("remaining %s, want %s", c.remaining, tt.remaining)
			}
		})
	}
}

func TestGTPTimeSettings(t *testing.T) {
	tests := []struct {
		tc   record.TimeControl
		want string
	}{
		{record.TimeControl{}, "time_settings 0 1 0"},
		{record.TimeControl{Moves: 40, Main: 90 * time.Second}, "time_settings 0 90 40"},
		{record.TimeControl{Main: 300 * time.Second, Increment: time.Second}, "time_settings 300 0 0"},
		{record.TimeControl{Moves: 1, Main: 200 * time.Millisecond}, "time_settings 0 1 1"},
	}
	for _, tt := range tests {
		if got := gtpTimeSettings(tt.tc); got != tt.want {
			t.Errorf("gtpTimeSettings(%s) = %q, want %q", tt.tc, got, tt.want)
		}
	}
}
