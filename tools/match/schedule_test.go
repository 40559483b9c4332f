package match

import (
	"slices"
	"testing"
)

func TestPairings(t *testing.T) {
	tests := []struct {
		n    int
		p    Pairing
		want []encounter
	}{
		{2, RoundRobin, []encounter{{0, 1}}},
		{2, Gauntlet, []encounter{{0, 1}}},
		{4, Gauntlet, []encounter{{0, 1}, {0, 2}, {0, 3}}},
		{4, RoundRobin, []encounter{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}},
	}
	for _, tt := range tests {
		if got := encounters(tt.n, tt.p); !slices.Equal(got, tt.want) {
			t.Errorf("%d engines, %s: %v, want %v", tt.n, tt.p, got, tt.want)
		}
	}
}

func TestScheduleSwapsColoursWithinAPairAndCyclesEncountersFirst(t *testing.T) {
	s := &schedule{encounters: encounters(3, RoundRobin), openings: []Opening{{37}, {19}}}
	want := []struct {
		colours   [2]int
		opening   int
		encounter int
	}{
		{[2]int{0, 1}, 37, 0}, {[2]int{1, 0}, 37, 0},
		{[2]int{0, 2}, 37, 1}, {[2]int{2, 0}, 37, 1},
		{[2]int{1, 2}, 37, 2}, {[2]int{2, 1}, 37, 2},
		{[2]int{0, 1}, 19, 0}, {[2]int{1, 0}, 19, 0},
	}
	for i, w := range want {
		g := s.game(i)
		if g.colours != w.colours || g.opening[0] != w.opening || g.encounter != w.encounter {
			t.Errorf("game %d: %v on %s (encounter %d), want %v on %d (encounter %d)", i, g.colours, g.opening, g.encounter, w.colours, w.opening, w.encounter)
		}
	}
	if g := s.game(s.fullCycle()); g.opening[0] != 37 || g.colours != [2]int{0, 1} {
		t.Errorf("after a full cycle of %d games the openings should start again, got %v on %s", s.fullCycle(), g.colours, g.opening)
	}
}
