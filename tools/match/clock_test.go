package match

import (
	"strings"
	"testing"
	"time"
)

func TestParseTimeControl(t *testing.T) {
	tests := []struct {
		in   string
		want TimeControl
		str  string
		err  string
	}{
		{in: "inf", want: TimeControl{}, str: "inf"},
		{in: "40/60", want: TimeControl{Moves: 40, Time: time.Minute}, str: "40/60"},
		{in: "1/500ms", want: TimeControl{Moves: 1, Time: 500 * time.Millisecond}, str: "1/0.5"},
		{in: "300+2.5", want: TimeControl{Time: 300 * time.Second, Increment: 2500 * time.Millisecond}, str: "300+2.5"},
		{in: "2m", want: TimeControl{Time: 2 * time.Minute}, str: "120+0"},
		{in: "0/60", err: "moves \"0\" is not a positive integer"},
		{in: "40/60+1", err: "moves/time with an increment"},
		{in: "0", err: "time must be positive"},
		{in: "soon", err: `bad time "soon"`},
		{in: "-5", err: "negative time"},
	}
	for _, tt := range tests {
		got, err := ParseTimeControl(tt.in)
		switch {
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ParseTimeControl(%q) error %v, want one with %q", tt.in, err, tt.err)
		case tt.err == "" && (err != nil || got != tt.want || got.String() != tt.str):
			t.Errorf("ParseTimeControl(%q) = %+v (%s), %v; want %+v (%s)", tt.in, got, got, err, tt.want, tt.str)
		}
	}
}

func TestClockChargesMovesAndRefills(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name      string
		tc        TimeControl
		margin    time.Duration
		moves     []time.Duration
		inTime    []bool
		remaining time.Duration
	}{
		{name: "no clock never forfeits", moves: []time.Duration{time.Hour}, inTime: []bool{true}},
		{name: "increment is added after each move", tc: TimeControl{Time: 100 * ms, Increment: 50 * ms},
			moves: []time.Duration{120 * ms, 20 * ms}, inTime: []bool{false, true}, remaining: 60 * ms},
		{name: "margin tolerates lateness", tc: TimeControl{Time: 100 * ms}, margin: 30 * ms,
			moves: []time.Duration{120 * ms}, inTime: []bool{true}, remaining: -20 * ms},
		{name: "period refills after its moves", tc: TimeControl{Moves: 2, Time: 100 * ms},
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
		tc   TimeControl
		want string
	}{
		{TimeControl{}, "time_settings 0 1 0"},
		{TimeControl{Moves: 40, Time: 90 * time.Second}, "time_settings 0 90 40"},
		{TimeControl{Time: 300 * time.Second, Increment: time.Second}, "time_settings 300 0 0"},
		{TimeControl{Moves: 1, Time: 200 * time.Millisecond}, "time_settings 0 1 1"},
	}
	for _, tt := range tests {
		if got := gtpTimeSettings(tt.tc); got != tt.want {
			t.Errorf("gtpTimeSettings(%s) = %q, want %q", tt.tc, got, tt.want)
		}
	}
}
