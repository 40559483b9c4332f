package match

import (
	"math"
	"strings"
	"testing"
)

// The expected figures below were computed independently with Python 3's
// math and statistics modules (NormalDist().inv_cdf(0.975) for the 95%
// quantile), from the textbook formulas: score s = mean points, Elo =
// -400 log10(1/s - 1), interval Elo(s ± z·sqrt(var/N)) with the population
// variance of the per-game (trinomial) or per-pair (pentanomial, pair score
// = points/2) scores, and the GSPRT LLR = N (s1-s0)(2s - s0 - s1) / (2 var)
// over pairs, empty pentanomial cells counted as 0.001. By hand, for the
// first line: s = (60 + 20/2)/120 = 0.58333, Elo = -400 log10(0.71429) =
// 58.45.

func near(a, b, tol float64) bool {
	if math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= tol
}

func TestTrinomialEloMatchesWorkedExamples(t *testing.T) {
	tests := []struct {
		w, d, l int
		want    Estimate
	}{
		{60, 20, 40, Estimate{58.45121427129523, 2.1129825716198045, 118.04029414498522}},
		{12, 30, 8, Estimate{27.85437125655782, -32.71934082701016, 90.18501430608045}},
		{9, 1, 0, Estimate{511.50144038113183, 311.10149938247673, math.Inf(1)}},
		{10, 0, 0, Estimate{math.Inf(1), math.Inf(1), math.Inf(1)}},
		{5, 0, 5, Estimate{0, -400 * math.Log10(1/(0.5-z95*math.Sqrt(0.025))-1), -400 * math.Log10(1/(0.5+z95*math.Sqrt(0.025))-1)}},
	}
	for _, tt := range tests {
		got := TrinomialElo(tt.w, tt.d, tt.l)
		if !near(got.Elo, tt.want.Elo, 1e-9) || !near(got.Low, tt.want.Low, 1e-9) || !near(got.High, tt.want.High, 1e-9) {
			t.Errorf("TrinomialElo(%d, %d, %d) = %v, want %v", tt.w, tt.d, tt.l, got, tt.want)
		}
	}
	if e := TrinomialElo(0, 0, 0); !math.IsNaN(e.Elo) || e.String() != "- [-, -]" {
		t.Errorf("no games: %v, want unknown", e)
	}
}

func TestPentanomialEloMatchesWorkedExample(t *testing.T) {
	got := PentanomialElo([5]int{3, 10, 40, 30, 17})
	want := Estimate{85.04323715257745, 50.20453860933834, 121.65009006088053}
	if !near(got.Elo, want.Elo, 1e-9) || !near(got.Low, want.Low, 1e-9) || !near(got.High, want.High, 1e-9) {
		t.Errorf("PentanomialElo = %v, want %v", got, want)
	}
}

func TestSPRTMatchesWorkedExamples(t *testing.T) {
	tests := []struct {
		sprt  SPRT
		pairs [5]int
		llr   float64
		want  int
	}{
		{SPRT{0, 5, 0.05, 0.05}, [5]int{3, 10, 40, 30, 17}, 1.3820547932115526, 0},
		{SPRT{0, 20, 0.05, 0.05}, [5]int{0, 0, 5, 10, 20}, 10.39060613517119, 1},
		{SPRT{0, 20, 0.05, 0.05}, [5]int{20, 10, 5, 0, 0}, -11.262252906801187, -1},
		{SPRT{-5, 5, 0.05, 0.05}, [5]int{20, 30, 100, 25, 15}, -0.8464112413743523, 0},
		{SPRT{0, 50, 0.05, 0.05}, [5]int{1, 0, 0, 0, 0}, -20.554946336852744, 0}, // past the bound, but too few pairs to decide
		{SPRT{0, 5, 0.05, 0.05}, [5]int{}, 0, 0},
	}
	for _, tt := range tests {
		llr := tt.sprt.LLR(tt.pairs)
		if !near(llr, tt.llr, 1e-9) || tt.sprt.Decide(tt.pairs) != tt.want {
			t.Errorf("%v LLR(%v) = %.12f decides %d, want %.12f deciding %d", tt.sprt, tt.pairs, llr, tt.sprt.Decide(tt.pairs), tt.llr, tt.want)
		}
	}
	for _, tt := range []struct {
		sprt         SPRT
		lower, upper float64
	}{
		{SPRT{0, 5, 0.05, 0.05}, -2.9444389791664403, 2.9444389791664403},
		{SPRT{0, 5, 0.05, 0.1}, -2.251291798606495, 2.8903717578961645},
	} {
		lower, upper := tt.sprt.Bounds()
		if !near(lower, tt.lower, 1e-12) || !near(upper, tt.upper, 1e-12) {
			t.Errorf("%v bounds (%v, %v), want (%v, %v)", tt.sprt, lower, upper, tt.lower, tt.upper)
		}
	}
}

func TestParseSPRT(t *testing.T) {
	tests := []struct {
		fields []string
		want   SPRT
		err    string
	}{
		{[]string{"elo0=0", "elo1=5"}, SPRT{0, 5, 0.05, 0.05}, ""},
		{[]string{"elo0=-2", "elo1=3", "alpha=0.1", "beta=0.2"}, SPRT{-2, 3, 0.1, 0.2}, ""},
		{[]string{"elo0=0"}, SPRT{}, "elo0 and elo1 are required"},
		{[]string{"elo0=5", "elo1=0"}, SPRT{}, "must exceed"},
		{[]string{"elo0=0", "elo1=5", "alpha=0.7"}, SPRT{}, "alpha 0.7"},
		{[]string{"elo0=x"}, SPRT{}, `"elo0=x"`},
		{[]string{"gamma=1"}, SPRT{}, `unknown sprt option "gamma"`},
	}
	for _, tt := range tests {
		got, err := ParseSPRT(tt.fields)
		switch {
		case tt.err == "" && (err != nil || got != tt.want):
			t.Errorf("ParseSPRT(%v) = %v, %v; want %v", tt.fields, got, err, tt.want)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("ParseSPRT(%v) error %v, want one with %q", tt.fields, err, tt.err)
		}
	}
}

func TestReportCountsPairsFromTheFirstEnginesSide(t *testing.T) {
	m := &Match{Engines: []EngineConfig{{Name: "a"}, {Name: "b"}}}
	s := &schedule{encounters: encounters(2, RoundRobin), openings: []Opening{{}}}
	r := newReport(m, s, 8)
	games := []gameRecord{
		{index: 0, names: [2]string{"a", "b"}, diff: 10},               // a wins
		{index: 1, names: [2]string{"b", "a"}, diff: 0},                // draw: pair WD
		{index: 3, names: [2]string{"b", "a"}, diff: 64, forfeit: 't'}, // b wins, a lost on time
		{index: 2, names: [2]string{"a", "b"}, diff: -2},               // a loses: pair LL
		{index: 4, names: [2]string{"a", "b"}, diff: 4},                // pair still open
	}
	for i := range games {
		games[i].done = true
		r.add(&games[i], 0)
	}
	st := r.Standings[0]
	if st.Wins != 2 || st.Draws != 1 || st.Losses != 2 || st.DiscSum != 10+0-64-2+4 {
		t.Errorf("W/D/L %d/%d/%d discs %d, want 2/1/2 and -52", st.Wins, st.Draws, st.Losses, st.DiscSum)
	}
	if st.Pairs != [5]int{1, 0, 0, 1, 0} {
		t.Errorf("pairs %v, want one LL and one WD", st.Pairs)
	}
	if r.Forfeits[0] != (Forfeits{Time: 1}) || r.Forfeits[1] != (Forfeits{}) {
		t.Errorf("forfeits %v, want a's one time forfeit", r.Forfeits)
	}
}
