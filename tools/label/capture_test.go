package label

import (
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/span"
	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/tools/dataset"
)

func TestCapturesAreSolvedLeavesOfSearchesFromTheLine(t *testing.T) {
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
		if !band.Contains(l.Empties()) || !l.Exact || l.Count != 1 {
			t.Errorf("label at %d empties, exact %v, count %d: want %v empties, exact, once", l.Empties(), l.Exact, l.Count, band)
		}
		if want := negamax(bitboard.FromBoard(b, bitboard.Black, bitboard.DefaultRules(bitboard.Othello))); int(l.Score) != want {
			t.Errorf("%s: label %+d, minimax %+d", bitboard.BoardString(b, bitboard.Black), l.Score, want)
		}
		if !leaves[b] {
			t.Errorf("%s is no leaf of a depth-%d search from a game's position", bitboard.BoardString(b, bitboard.Black), depth)
		}
	}

	// The same seed captures the same positions; another seed, others.
	if again := drawnOf(t, capture("again.lbl", 5)); !reflect.DeepEqual(again, labels) {
		t.Error("the same games and seed captured other positions")
	}
	if other := drawnOf(t, capture("other.lbl", 6)); reflect.DeepEqual(other, labels) {
		t.Error("another seed captured the same positions")
	}
	if slices.EqualFunc(labels, deviationsOf(t, at("dev.lbl"), []string{at("g.games")}, band, 5), func(a, b dataset.Label) bool { return a.P == b.P && a.O == b.O }) {
		t.Error("the captures are the deviations")
	}
}
