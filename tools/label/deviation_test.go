package label

import (
	"context"
	"math/bits"
	"os"
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

// negamax returns the exact score of pos for its mover by plain minimax,
// independently of the engine's solver.
func negamax(pos bitboard.Position) int {
	if pos.GameOver() {
		b, w := pos.FinalCounts()
		return mover(&pos, b-w)
	}
	if pos.MustPass() {
		return -negamax(pos.Pass())
	}
	best := -64
	for m := pos.Moves(); m != 0; m &= m - 1 {
		best = max(best, -negamax(pos.Play(bits.TrailingZeros64(m))))
	}
	return best
}

// deviationsOf labels the games of files with deviations in band.
func deviationsOf(t *testing.T, out string, files []string, band span.Span, seed uint64) []dataset.Label {
	t.Helper()
	return drawnOf(t, Config{Games: files, Out: out, Empties: &band, Deviations: true, Seed: seed, Workers: 2, Every: time.Hour})
}

// checkSolvedOnce checks that drawn label l lies in band, exact, counted
// once, with the score that minimax gives.
func checkSolvedOnce(t *testing.T, l dataset.Label, band span.Span) {
	t.Helper()
	if !band.Contains(l.Empties()) || !l.Exact || l.Count != 1 {
		t.Errorf("label at %d empties, exact %v, count %d: want %v empties, exact, once", l.Empties(), l.Exact, l.Count, band)
	}
	b := bitboard.Board{P: l.P, O: l.O}
	if want := negamax(bitboard.FromBoard(b, bitboard.Black, bitboard.DefaultRules(bitboard.Othello))); int(l.Score) != want {
		t.Errorf("%s: label %+d, minimax %+d", bitboard.BoardString(b, bitboard.Black), l.Score, want)
	}
}

// drawnOf runs c and returns the labels it wrote.
func drawnOf(t *testing.T, c Config) []dataset.Label {
	t.Helper()
	if err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	labels, _, err := dataset.ReadLabels(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	return labels
}

func TestDeviationsAreOneMoveOffTheLineAndSolved(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	writeGames(t, at("g.games"), 12)
	band := span.Span{Lo: 8, Hi: 9}
	labels := deviationsOf(t, at("dev.lbl"), []string{at("g.games")}, band, 5)
	games, _, err := fileGames(at("g.games"), false, func(err error) { t.Fatal(err) })
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) < len(games)/2 || len(labels) > len(games) {
		t.Fatalf("%d deviations from %d games", len(labels), len(games))
	}
	_, off := lines(t, games)
	for _, l := range labels {
		b := bitboard.Board{P: l.P, O: l.O}
		checkSolvedOnce(t, l, band)
		if !off[b] {
			t.Errorf("%s is not one move off any game's line", bitboard.BoardString(b, bitboard.Black))
		}
	}

	// The same games in another file and order give the same deviations;
	// another seed gives others.
	reverseGames(t, at("g.games"), at("r.games"))
	if again := deviationsOf(t, at("again.lbl"), []string{at("r.games")}, band, 5); !reflect.DeepEqual(again, labels) {
		t.Error("the same games in another file and order gave other deviations")
	}
	if other := deviationsOf(t, at("other.lbl"), []string{at("g.games")}, band, 6); reflect.DeepEqual(other, labels) {
		t.Error("another seed gave the same deviations")
	}
}

func TestSearchedDeviationsAreTheSolvedOnesBoardsWithSearchValues(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	writeGames(t, at("g.games"), 12)
	band := span.Span{Lo: 11, Hi: 12}
	solved := deviationsOf(t, at("solved.lbl"), []string{at("g.games")}, band, 5)
	c := Config{Games: []string{at("g.games")}, Out: at("searched.lbl"), Empties: &band, Deviations: true, Seed: 5,
		ExactEmpties: 8, SearchDepth: 2, Eval: eval.Simple{}, EvalName: "simple", Workers: 2, Every: time.Hour}
	if err := Run(context.Background(), c); err != nil {
		t.Fatal(err)
	}
	searched, _, err := dataset.ReadLabels(c.Out)
	if err != nil {
		t.Fatal(err)
	}
	if len(searched) == 0 || len(searched) != len(solved) {
		t.Fatalf("%d searched deviations, %d solved ones", len(searched), len(solved))
	}
	eng, err := search.New(search.Options{HashMB: 1, Threads: 1, Eval: eval.Simple{}})
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	differ := 0
	for i, l := range searched {
		b := bitboard.Board{P: l.P, O: l.O}
		if b != (bitboard.Board{P: solved[i].P, O: solved[i].O}) || l.Exact || l.Count != 1 {
			t.Fatalf("searched deviation %d: %s, exact %v, count %d; want the solved run's board, searched, once",
				i, bitboard.BoardString(b, bitboard.Black), l.Exact, l.Count)
		}
		eng.NewGame()
		pos := bitboard.FromBoard(b, bitboard.Black, bitboard.DefaultRules(bitboard.Othello))
		if want := eng.Search(context.Background(), pos, search.Limits{Depth: 2, Selectivity: 100}, nil).Score; int(l.Score) != want {
			t.Errorf("%s: label %+d, a depth-2 search %+d", bitboard.BoardString(b, bitboard.Black), l.Score, want)
		}
		if l.Score != solved[i].Score {
			differ++
		}
	}
	if differ == 0 {
		t.Error("every search value equals the exact score: the deviations were solved, not searched")
	}
	if _, err := os.Stat(c.Out + searchSuffix(2, 100, "simple")); err != nil {
		t.Errorf("no search cache beside the labels: %v", err)
	}
}

func TestDeviationShardsMergedWriteTheSingleRunsLabels(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	writeGames(t, at("g.games"), 8)
	band := span.Span{Lo: 8, Hi: 9}
	want := deviationsOf(t, at("single.lbl"), []string{at("g.games")}, band, 5)
	base := Config{Games: []string{at("g.games")}, Empties: &band, Deviations: true, Seed: 5, Workers: 2, Every: time.Hour}
	parts := runShards(t, base, 2, at)
	solved := 0
	for i, part := range parts {
		vals, _, err := dataset.ReadLabels(part + solvedSuffix)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range vals {
			if (bitboard.Board{P: l.P, O: l.O}).Hash()%2 != uint64(i) {
				t.Fatalf("shard %d solved a board of the other shard", i)
			}
		}
		solved += len(vals)
	}
	if solved != len(want) {
		t.Errorf("the shards solved %d boards, the single run labelled %d", solved, len(want))
	}
	merged := base
	merged.Out, merged.Merge = at("merged.lbl"), parts
	if err := Run(context.Background(), merged); err != nil {
		t.Fatal(err)
	}
	if got, _, err := dataset.ReadLabels(merged.Out); err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("merged shards gave %d labels (%v), the single run %d", len(got), err, len(want))
	}
}

// reverseGames writes the games of file from into file to, in reverse order.
func reverseGames(t *testing.T, from, to string) {
	t.Helper()
	_, sp, err := dataset.ReadGames(from)
	if err != nil {
		t.Fatal(err)
	}
	slices.Reverse(sp)
	for i := range sp {
		sp[i].Index = i
	}
	if err := dataset.WriteGames(to, dataset.GamesHeader{Seed: 2, Depth: 1, Eval: "simple", Shards: 1, Format: 2}, sp); err != nil {
		t.Fatal(err)
	}
}

// lines returns the canonical boards that the games played, and those one
// move off their lines after the random moves: a child of a played position
// by a move other than the game's.
func lines(t *testing.T, games []game) (on, off map[bitboard.Board]bool) {
	t.Helper()
	on, off = map[bitboard.Board]bool{}, map[bitboard.Board]bool{}
	for i := range games {
		ps, err := games[i].replay()
		if err != nil {
			t.Fatal(err)
		}
		for k, p := range ps {
			c, _ := p.Board.Canonical()
			on[c] = true
			if k < games[i].skip || k == len(ps)-1 {
				continue
			}
			for m := p.Moves(); m != 0; m &= m - 1 {
				if child := p.Play(bits.TrailingZeros64(m)); child.Board != ps[k+1].Board {
					c, _ := child.Board.Canonical()
					off[c] = true
				}
			}
		}
	}
	return on, off
}

func TestDeviationsComeAfterTheRandomMoves(t *testing.T) {
	dir := t.TempDir()
	writeGames(t, filepath.Join(dir, "g.games"), 6)
	games, _, err := fileGames(filepath.Join(dir, "g.games"), false, func(err error) { t.Fatal(err) })
	if err != nil {
		t.Fatal(err)
	}
	band := span.Span{Lo: 8, Hi: 9}
	for i := range games {
		ps, err := games[i].replay()
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := deviation(&games[i], ps, band, 1); !ok {
			continue
		}
		// With the band's parents (9 and 10 empties) inside the random
		// moves there is none.
		games[i].skip = slices.IndexFunc(ps, func(p bitboard.Position) bool { return p.Board.NumEmpties() <= 8 })
		if _, ok := deviation(&games[i], ps, band, 1); ok {
			t.Errorf("game %d: a deviation from the random moves (the first %d)", i, games[i].skip)
		}
	}
}
