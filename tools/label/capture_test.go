package label

import (
	"math/bits"
	"math/rand/v2"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/span"
	"github.com/sable-othello/sable/search"
)

func TestCapturesAreSolvedEvaluationsOfSearchesFromTheLine(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	writeGames(t, at("g.games"), 12)
	band, depth := span.Span{Lo: 8, Hi: 9}, 2
	capture := func(out string, seed uint64) Config {
		return Config{Games: []string{at("g.games")}, Out: at(out), Empties: &band, Captures: depth, Seed: seed,
			Eval: eval.Simple{}, Selectivity: 100, Workers: 2, Every: time.Hour}
	}
	labels := drawnOf(t, capture("cap.lbl", 5))
	games, _, err := fileGames(at("g.games"), false, func(err error) { t.Fatal(err) })
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) < len(games)/2 || len(labels) > len(games) {
		t.Fatalf("%d captures from %d games", len(labels), len(games))
	}
	// Every leaf in the band, canonical, of the depth-2 searches from the
	// games' positions that the captures may start from.
	leaves := map[bitboard.Board]bool{}
	eng, err := search.New(search.Options{HashMB: 1, Threads: 1, Eval: eval.Simple{}, Leaf: func(p, o uint64) {
		if b := (bitboard.Board{P: p, O: o}); band.Contains(b.NumEmpties()) {
			c, _ := b.Canonical()
			leaves[c] = true
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	for i := range games {
		ps, err := games[i].replay()
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps[games[i].skip:] {
			if band.Contains(p.Board.NumEmpties()-depth) && p.Moves() != 0 {
				eng.NewGame()
				eng.Search(t.Context(), p, search.Limits{Depth: depth, Selectivity: 100}, nil)
			}
		}
	}
	for _, l := range labels {
		b := bitboard.Board{P: l.P, O: l.O}
		checkSolvedOnce(t, l, band)
		if !leaves[b] {
			t.Errorf("%s is not evaluated by a depth-%d search from a game's position", bitboard.BoardString(b, bitboard.Black), depth)
		}
	}

	// Two plies down, some captures are neither on a game's line nor one
	// move off it.
	on, off := lines(t, games)
	deeper := 0
	for _, l := range labels {
		b := bitboard.Board{P: l.P, O: l.O}
		if !on[b] && !off[b] {
			deeper++
		}
	}
	if deeper == 0 {
		t.Error("every capture is on a game's line or one move off it")
	}

	// The same games in another file and order, on one worker, capture the
	// same positions; another seed, others.
	reverseGames(t, at("g.games"), at("r.games"))
	again := capture("again.lbl", 5)
	again.Games, again.Workers = []string{at("r.games")}, 1
	if got := drawnOf(t, again); !reflect.DeepEqual(got, labels) {
		t.Error("the same games in another file and order, on one worker, captured other positions")
	}
	if other := drawnOf(t, capture("other.lbl", 6)); reflect.DeepEqual(other, labels) {
		t.Error("another seed captured the same positions")
	}
}

func TestCapturerKeepsEachEvaluationAsLikely(t *testing.T) {
	start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	var boards []bitboard.Board
	for m := start.Moves(); m != 0; m &= m - 1 {
		boards = append(boards, start.Play(bits.TrailingZeros64(m)).Board)
	}
	c := &capturer{band: span.Span{Lo: 0, Hi: 60}}
	const draws = 4000
	kept := map[bitboard.Board]int{}
	for seed := range uint64(draws) {
		c.rng, c.n = rand.New(rand.NewPCG(seed, 1)), 0
		for _, b := range boards {
			c.leaf(b.P, b.O)
		}
		kept[c.kept]++
	}
	// Each of the 4 is kept about 1,000 times: 5 standard deviations is 137.
	for _, b := range boards {
		if n := kept[b]; n < draws/len(boards)-150 || n > draws/len(boards)+150 {
			t.Errorf("%s kept %d times of %d, want about %d", bitboard.BoardString(b, bitboard.Black), n, draws, draws/len(boards))
		}
	}
}
