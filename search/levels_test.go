package search

import (
	"testing"
	"time"
)

func TestLevelPlanFollowsEdaxScale(t *testing.T) {
	for _, c := range []struct {
		level, depth, percent, exact, wld int
	}{
		{-3, 1, 100, 2, 4}, // below the scale: level 1
		{0, 1, 100, 2, 4},
		{1, 1, 100, 2, 4},
		{5, 5, 100, 7, 9},
		{8, 8, 100, 10, 12},
		{9, 9, 73, 11, 13}, // probcut from level 9
		{10, 10, 73, 13, 15},
		{21, 21, 73, 26, 28},
		{40, 40, 73, 49, 51},
		{49, 49, 73, 59, 60},
		{50, 50, 73, 60, 60},
		{MaxLevel, 60, 73, 60, 60},
		{99, 60, 73, 60, 60}, // above the scale: MaxLevel
	} {
		depth, sel, exact, wld := levelPlan(c.level)
		if depth != c.depth || selectivityPercent[sel] != c.percent || exact != c.exact || wld != c.wld {
			t.Errorf("level %d: depth %d, %d%%, exact from %d, WLD from %d empties; want %d, %d%%, %d, %d",
				c.level, depth, selectivityPercent[sel], exact, wld, c.depth, c.percent, c.exact, c.wld)
		}
		if got := ExactEmpties(c.level); got != c.exact {
			t.Errorf("ExactEmpties(%d) = %d, want %d", c.level, got, c.exact)
		}
	}
}

func TestMakePlanSolvesWhereTheLimitsReachTheEnd(t *testing.T) {
	for _, c := range []struct {
		name              string
		lim               Limits
		empties, maxDepth int
		percent           int
		exact, wld        bool
	}{
		{"no limit solves", Limits{}, 40, 60, 100, true, false},
		{"level 10, 13 empties: exact", Limits{Level: 10}, 13, 10, 73, true, false},
		{"level 10, 14 empties: WLD", Limits{Level: 10}, 14, 10, 73, false, true},
		{"level 10, 15 empties: WLD", Limits{Level: 10}, 15, 10, 73, false, true},
		{"level 10, 16 empties: midgame", Limits{Level: 10}, 16, 10, 73, false, false},
		{"depth caps the level", Limits{Level: 10, Depth: 6}, 13, 6, 73, false, false},
		{"depth to the end solves", Limits{Depth: 12}, 12, 12, 100, true, false},
		{"depth short of the end", Limits{Depth: 11}, 12, 11, 100, false, false},
		{"selectivity overrides the level's", Limits{Level: 10, Selectivity: 95}, 30, 10, 95, false, false},
		{"selectivity without a level", Limits{Depth: 8, Selectivity: 90}, 30, 8, 95, false, false},
		{"selectivity 100: no probcut", Limits{Level: 20, Selectivity: 100}, 30, 20, 100, false, false},
		{"a move time cuts at 73%", Limits{Time: time.Second}, 30, 60, 73, true, false},
		{"a clock cuts at 73%", Limits{Clock: Clock{Remaining: time.Minute}}, 30, 60, 73, true, false},
		{"byo-yomi cuts at 73%", Limits{Clock: Clock{Byoyomi: time.Second}}, 30, 60, 73, true, false},
		{"a move time keeps a level's plan", Limits{Time: time.Second, Level: 6}, 30, 6, 100, false, false},
		{"a move time keeps a depth's full width", Limits{Time: time.Second, Depth: 8}, 30, 8, 100, false, false},
		{"a move time with selectivity 100", Limits{Time: time.Second, Selectivity: 100}, 30, 60, 100, true, false},
	} {
		pl := makePlan(c.lim, c.empties)
		if pl.maxDepth != c.maxDepth || selectivityPercent[pl.selectivity] != c.percent || pl.exact != c.exact || pl.wld != c.wld {
			t.Errorf("%s: depth %d, %d%%, exact %v, wld %v; want %d, %d%%, %v, %v", c.name,
				pl.maxDepth, selectivityPercent[pl.selectivity], pl.exact, pl.wld, c.maxDepth, c.percent, c.exact, c.wld)
		}
	}
}

func TestSelectivityChoicesListEveryConfidence(t *testing.T) {
	if got, want := SelectivityChoices(), "73, 87, 95, 98, 99 or 100 (none)"; got != want {
		t.Errorf("SelectivityChoices() = %q, want %q", got, want)
	}
}
