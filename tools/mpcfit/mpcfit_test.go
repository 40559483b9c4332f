package mpcfit

import (
	"context"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/sable-othello/sable/eval"
)

func TestSolve4SolvesAKnownSystem(t *testing.T) {
	a := [4][4]float64{{0, 2, 1, 1}, {1, 0, 0, 3}, {2, 1, 1, 0}, {1, 1, 4, 1}}
	want := [4]float64{1, -2, 0.5, 3}
	var b [4]float64
	for r := range 4 {
		for c := range 4 {
			b[r] += a[r][c] * want[c]
		}
	}
	got, ok := solve4(a, b)
	for i := range 4 {
		if !ok || math.Abs(got[i]-want[i]) > 1e-9 {
			t.Fatalf("solve4 = %v, %v; want %v", got, ok, want)
		}
	}
	if _, ok := solve4([4][4]float64{{1, 1}, {1, 1}}, b); ok {
		t.Error("solve4 solved a singular system")
	}
}

func TestFitIsDeterministicAndRefusesBadOptions(t *testing.T) {
	o := Options{Positions: 30, Depth: 6, Seed: 3, MinEmpties: 20, MaxEmpties: 31}
	m1, err := Fit(context.Background(), o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	m2, _ := Fit(context.Background(), o, io.Discard)
	if m1 != m2 || !strings.HasPrefix(GoSource(m1), "// --mpc "+m1.String()+"\nconst (\n\tmpcA = ") {
		t.Errorf("two fits with one seed differ: %+v, %+v, or print %q", m1, m2, GoSource(m1))
	}
	// Another evaluation errs otherwise between depths: its own fit.
	simple := o
	simple.Eval = eval.Simple{}
	if m3, err := Fit(context.Background(), simple, io.Discard); err != nil || m3 == m1 {
		t.Errorf("the fit for the simple evaluation is the embedded weights' (%+v), %v", m3, err)
	}
	o.MinEmpties = o.Depth
	if _, err := Fit(context.Background(), o, io.Discard); err == nil {
		t.Error("a fit whose positions could be solved by its deepest search was accepted")
	}
}
