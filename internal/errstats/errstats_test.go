package errstats

import (
	"math"
	"testing"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func TestStats(t *testing.T) {
	var s Stats
	// errors: +1, -2, +3 on references 0, 4, 8 (estimates 1, 2, 11)
	for _, p := range [][2]float64{{1, 0}, {2, 4}, {11, 8}} {
		s.Add(p[0], p[1])
	}
	if s.N() != 3 || !near(s.MAE(), 2) || !near(s.RMS(), math.Sqrt(14.0/3)) || !near(s.Bias(), 2.0/3) {
		t.Fatalf("n %d MAE %v RMS %v bias %v, want 3, 2, %v, %v", s.N(), s.MAE(), s.RMS(), s.Bias(), math.Sqrt(14.0/3), 2.0/3)
	}
	// estimates (1, 2, 11) against references (0, 4, 8): covariance 40/3, variances 182/9 and 32/3.
	c, ok := s.Corr()
	if want := 40.0 / 3 / math.Sqrt(182.0/9*32.0/3); !ok || !near(c, want) {
		t.Fatalf("corr %v %v, want %v", c, ok, want)
	}
}

func TestMergeEqualsAddingEverything(t *testing.T) {
	var a, b, all Stats
	for i := range 10 {
		est, ref := float64(i*i%7), float64(i)
		all.Add(est, ref)
		if i%2 == 0 {
			a.Add(est, ref)
		} else {
			b.Add(est, ref)
		}
	}
	a.Merge(&b)
	if a != all {
		t.Fatalf("merged %+v, want %+v", a, all)
	}
}

func TestEmptyAndConstant(t *testing.T) {
	var s Stats
	if s.MAE() != 0 || s.RMS() != 0 || s.Bias() != 0 {
		t.Fatal("empty stats are not zero")
	}
	if _, ok := s.Corr(); ok {
		t.Fatal("correlation of no pairs is defined")
	}
	s.Add(3, 1)
	s.Add(3, 2)
	if _, ok := s.Corr(); ok {
		t.Fatal("correlation with constant estimates is defined")
	}
}
