package mpcfit

import (
	"context"
	"io"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/shareddata"
	"github.com/sable-othello/sable/tools/gamefile"
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

func TestFitTakesItsPositionsFromGames(t *testing.T) {
	f, err := gamefile.Read(shareddata.Path(t, "wthor/WTH_1985.wtb"), bitboard.DefaultRules(bitboard.Othello))
	if err != nil {
		t.Fatal(err)
	}
	played := map[bitboard.Position]bool{}
	for _, g := range f.Games {
		ps, _ := g.Positions()
		for _, p := range ps {
			played[p] = true
		}
	}
	rng := rand.New(rand.NewPCG(1, 0))
	for empties := 20; empties <= 54; empties += 17 {
		p, ok := gamePosition(rng, f.Games, empties)
		if !ok || p.Board.NumEmpties() != empties || !played[p] {
			t.Errorf("gamePosition(%d) = %v, %v: not a played position with those empties", empties, p, ok)
		}
	}
	if p, ok := gamePosition(rng, f.Games, 61); ok {
		t.Errorf("gamePosition(61) = %v, but no game has 61 empties", p)
	}
	o := Options{Positions: 30, Depth: 6, Seed: 3, MinEmpties: 20, MaxEmpties: 31}
	random, err := Fit(context.Background(), o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	o.Games = f.Games
	m1, err := Fit(context.Background(), o, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	if m2, _ := Fit(context.Background(), o, io.Discard); m1 != m2 || m1 == random {
		t.Errorf("fits from games %+v and %+v, from random play %+v: want two equal fits that differ from random play's", m1, m2, random)
	}
}
