package label

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/internal/span"
	"github.com/sable-othello/sable/tools/dataset"
)

// randomGame plays a legal game with random moves.
func randomGame(rng *rand.Rand, index int) dataset.SelfPlayGame {
	g := dataset.SelfPlayGame{Index: index}
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	for !pos.GameOver() {
		if pos.MustPass() {
			pos = pos.Pass()
		}
		sq := bitboard.RandomMove(rng, pos.Moves())
		g.Moves = append(g.Moves, sq)
		pos = pos.Play(sq)
	}
	b, w := pos.FinalCounts()
	g.Score = b - w
	return g
}

// mover converts a value for Black into one for the side to move.
func mover(p *bitboard.Position, black int) int {
	if p.Side == bitboard.White {
		return -black
	}
	return black
}

func TestLabelRuleInterpolatesBetweenKnownValues(t *testing.T) { testLabelRule(t, 0) }

// TestLabelRuleMixesTheResultIntoSearchValues: with a result weight, the
// searched position's label is that share of its interpolated label and the
// rest of its search value; the other labels do not change.
func TestLabelRuleMixesTheResultIntoSearchValues(t *testing.T) { testLabelRule(t, 0.25) }

// testLabelRule checks the labels of a random game with an anchor, exact
// values at the end and one search value, mixed with resultWeight.
func testLabelRule(t *testing.T, resultWeight float64) {
	t.Helper()
	dg := randomGame(rand.New(rand.NewPCG(1, 2)), 0)
	ps, err := dg.Replay()
	if err != nil {
		t.Fatal(err)
	}
	g := game{replay: dg.Replay, perfectFrom: -1, anchorEmpties: 30, anchorBlack: 10}
	// Stand-in values: exact e (for the mover) at 8 empties or fewer, and
	// a search value of 50 at 20 empties.
	vals := map[bitboard.Board]value{}
	black8 := 0 // the value for Black of the first known position after the anchor
	for k := range ps[:len(ps)-1] {
		c, _ := ps[k].Board.Canonical()
		switch e := ps[k].Board.NumEmpties(); {
		case e <= 8:
			vals[c] = value{score: int8(e), exact: true}
			if e == 8 {
				black8 = mover(&ps[k], 8)
			}
		case e == 20:
			vals[c] = value{score: 50}
		}
	}
	labels := labelGame(&g, ps, vals, resultWeight, 0)
	if len(labels) != len(ps)-1 {
		t.Fatalf("%d labels for %d positions", len(labels), len(ps)-1)
	}
	for i, l := range labels {
		p := &ps[len(ps)-2-i] // labels come from the end of the game
		e := p.Board.NumEmpties()
		want, exact := 0, false
		// Moves since the anchor: 30 - e, of the 22 to the 8-empty position.
		interpolated := 10 + float64(black8-10)*float64(30-e)/22
		switch {
		case e <= 8:
			want, exact = e, true
		case e == 20:
			want = mover(p, int(math.Round((1-resultWeight)*float64(mover(p, 50))+resultWeight*interpolated)))
		case e < 30:
			want = mover(p, int(math.Round(interpolated)))
		case e == 30:
			want, exact = mover(p, 10), true
		default:
			want = mover(p, 10)
		}
		if int(l.Score) != want || l.Exact != exact {
			t.Errorf("%d empties: label %+d (exact %v), want %+d (exact %v)", e, l.Score, l.Exact, want, exact)
		}
		if c, _ := p.Board.Canonical(); c.P != l.P || c.O != l.O {
			t.Errorf("%d empties: label board is not the canonical board of the mover", e)
		}
	}
}

// TestGameScoresLabelTheirPositions: with --game-scores a self-play game's
// recorded move scores are the search values of its positions before the
// solved part, mixed with the game's result by the result weight; the solved
// part keeps the exact final score, and without the flag the result labels
// every position.
func TestGameScoresLabelTheirPositions(t *testing.T) {
	dg := randomGame(rand.New(rand.NewPCG(9, 10)), 0)
	dg.Random = 10
	for k := dg.Random; k < len(dg.Moves); k++ {
		dg.Scores = append(dg.Scores, k%9-4)
	}
	path := filepath.Join(t.TempDir(), "s.games")
	h := dataset.GamesHeader{Seed: 1, Depth: 1, Exact: 12, Eval: "simple", Shards: 1, Format: 3}
	if err := dataset.WriteGames(path, h, []dataset.SelfPlayGame{dg}); err != nil {
		t.Fatal(err)
	}
	ps, err := dg.Replay()
	if err != nil {
		t.Fatal(err)
	}
	for _, scores := range []bool{false, true} {
		games, _, err := fileGames(path, scores, func(err error) { t.Fatal(err) })
		if err != nil {
			t.Fatal(err)
		}
		labels := labelGame(&games[0], ps, nil, 0.5, 0)
		if len(labels) != len(ps)-1-dg.Random {
			t.Fatalf("%d labels for %d positions after the random moves", len(labels), len(ps)-1-dg.Random)
		}
		for i, l := range labels {
			k := len(ps) - 2 - i
			p := &ps[k]
			want, exact := mover(p, dg.Score), p.Board.NumEmpties() <= 12
			if scores && !exact {
				want = mover(p, int(math.Round(0.5*float64(mover(p, k%9-4))+0.5*float64(dg.Score))))
			}
			if int(l.Score) != want || l.Exact != exact {
				t.Errorf("scores %v, move %d (%d empties): label %+d (exact %v), want %+d (exact %v)",
					scores, k+1, p.Board.NumEmpties(), l.Score, l.Exact, want, exact)
			}
		}
	}
	h.Format = 2 // no move scores
	dg.Scores = nil
	if err := dataset.WriteGames(path, h, []dataset.SelfPlayGame{dg}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := fileGames(path, true, func(err error) { t.Fatal(err) }); err == nil || !strings.Contains(err.Error(), "no move scores") {
		t.Errorf("--game-scores on a file without them: error %v", err)
	}
}

// TestTDLambdaLabelsByTheLambdaReturn: with --td-lambda λ, a position k
// before the solved part (which starts at position m) gets the sum over
// j = k..m-1 of (1-λ) λ^(j-k) s_j, plus λ^(m-k) times the final score, all
// for Black.
func TestTDLambdaLabelsByTheLambdaReturn(t *testing.T) {
	const lambda = 0.6
	dg := randomGame(rand.New(rand.NewPCG(11, 12)), 0)
	dg.Random = 8
	for k := dg.Random; k < len(dg.Moves); k++ {
		dg.Scores = append(dg.Scores, 3*(k%5)-6)
	}
	ps, err := dg.Replay()
	if err != nil {
		t.Fatal(err)
	}
	g := game{replay: dg.Replay, skip: dg.Random, perfectFrom: 16, anchorEmpties: -1, scores: dg.Scores}
	m := slices.IndexFunc(ps, func(p bitboard.Position) bool { return p.Board.NumEmpties() <= 16 })
	labels := labelGame(&g, ps, nil, 0, lambda)
	for i, l := range labels {
		k := len(ps) - 2 - i
		p := &ps[k]
		want := float64(dg.Score)
		if k < m {
			want = math.Pow(lambda, float64(m-k)) * float64(dg.Score)
			for j := k; j < m; j++ {
				want += (1 - lambda) * math.Pow(lambda, float64(j-k)) * float64(mover(&ps[j], dg.Scores[j-dg.Random]))
			}
		}
		if w := mover(p, int(math.Round(want))); int(l.Score) != w || l.Exact != (k >= m) {
			t.Errorf("move %d (%d empties): label %+d (exact %v), want %+d (exact %v)", k+1, p.Board.NumEmpties(), l.Score, l.Exact, w, k >= m)
		}
	}
}

func TestLabelRuleUsesTheResultOfUnfinishedGames(t *testing.T) {
	dg := randomGame(rand.New(rand.NewPCG(3, 4)), 0)
	ps, _ := dg.Replay()
	ps = ps[:30] // resigned: the last position is not over
	g := game{perfectFrom: -1, anchorEmpties: -1, resultBlack: -20, skip: 10}
	labels := labelGame(&g, ps, nil, 0, 0)
	if len(labels) != 29-10 {
		t.Fatalf("%d labels, want 19: the first 10 positions are skipped", len(labels))
	}
	for i, l := range labels {
		if p := &ps[28-i]; int(l.Score) != mover(p, -20) || l.Exact {
			t.Errorf("position %d: label %+d (exact %v), want the recorded result %+d", 28-i, l.Score, l.Exact, mover(p, -20))
		}
	}
}

func TestLabelRuleSkipsAGameThatEndedInItsRandomMoves(t *testing.T) {
	// A self-play game can end (a wipe-out) before its random opening
	// moves are all played: it has fewer positions than it skips.
	dg := randomGame(rand.New(rand.NewPCG(3, 4)), 0)
	ps, _ := dg.Replay()
	ps = ps[:10]
	g := game{perfectFrom: 20, anchorEmpties: -1, resultBlack: 9, skip: 12}
	if labels := labelGame(&g, ps, nil, 0, 0); len(labels) != 0 {
		t.Fatalf("%d labels, want none: every position is a random move", len(labels))
	}
}

func TestDedupMergesSymmetricPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	dg := randomGame(rng, 0)
	ps, _ := dg.Replay()
	b := ps[20].Board
	other := ps[30].Board
	var raw []dataset.Label
	add := func(x bitboard.Board, score int8, exact bool) {
		c, _ := x.Canonical()
		raw = append(raw, dataset.Label{P: c.P, O: c.O, Score: score, Exact: exact, Count: 1})
	}
	for s := range bitboard.NumSymmetries {
		add(b.Symmetric(s), int8(s), false) // mean 3.5 rounds to 4
		add(other.Symmetric(s), int8(10+s), s == 5)
	}
	got := dedup(raw, func(bitboard.Board, int8, int8) { t.Error("a conflict without conflicting scores") })
	cb, _ := b.Canonical()
	co, _ := other.Canonical()
	want := map[bitboard.Board]dataset.Label{
		cb: {P: cb.P, O: cb.O, Score: 4, Count: 8},
		co: {P: co.P, O: co.O, Score: 15, Exact: true, Count: 8},
	}
	if len(got) != 2 {
		t.Fatalf("%d labels after merging the images of two positions, want 2", len(got))
	}
	for _, l := range got {
		if w := want[bitboard.Board{P: l.P, O: l.O}]; l != w {
			t.Errorf("merged label %+v, want %+v", l, w)
		}
	}
	if got[0].P > got[1].P || (got[0].P == got[1].P && got[0].O > got[1].O) {
		t.Error("labels are not sorted by board")
	}
	raw = append(got, dataset.Label{P: co.P, O: co.O, Score: 12, Exact: true, Count: 1})
	conflicts := 0
	got = dedup(raw, func(b bitboard.Board, a, c int8) {
		conflicts++
		if b != co || min(a, c) != 12 || max(a, c) != 15 {
			t.Errorf("conflict reported as %v %+d %+d, want %v +15 +12", b, a, c, co)
		}
	})
	if l := got[slices.IndexFunc(got, func(l dataset.Label) bool { return l.P == co.P && l.O == co.O })]; conflicts != 1 || l.Exact || l.Score != 15 || l.Count != 9 {
		t.Errorf("conflicting exact scores +15 (8 times) and +12: %d conflicts, label %+v, want 1 and the average +15 of 9, not exact", conflicts, l)
	}
}

// writeGames writes n random games as a self-play file with no solved
// stretch, so the tool must solve the endgames itself.
func writeGames(t *testing.T, path string, n int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 8))
	var games []dataset.SelfPlayGame
	for i := range n {
		games = append(games, randomGame(rng, i))
	}
	h := dataset.GamesHeader{Seed: 1, Depth: 1, Exact: 0, Eval: "simple", Shards: 1, Format: 2}
	if err := dataset.WriteGames(path, h, games); err != nil {
		t.Fatal(err)
	}
}

func testValuer(out string) *valuer {
	return &valuer{exactEmpties: 10, workers: 2, every: time.Hour, solvedPath: out + ".solved", quiet: true}
}

// sixSelfplayGames writes six self-play games into dir and reads them back
// as the labeller does.
func sixSelfplayGames(t *testing.T, dir string) []game {
	t.Helper()
	path := filepath.Join(dir, "g.games")
	writeGames(t, path, 6)
	games, _, err := fileGames(path, false, func(err error) { t.Fatal(err) })
	if err != nil {
		t.Fatal(err)
	}
	return games
}

func TestLabelResumesFromItsCache(t *testing.T) {
	dir := t.TempDir()
	games := sixSelfplayGames(t, dir)
	fresh, err := labelAll(context.Background(), testValuer(filepath.Join(dir, "fresh.lbl")), games)
	if err != nil {
		t.Fatal(err)
	}
	exact := 0
	for _, l := range fresh {
		if l.Exact {
			exact++
			if l.Empties() > 10 {
				t.Errorf("exact label at %d empties, over --exact-empties", l.Empties())
			}
		}
	}
	if exact < 6*9 {
		t.Errorf("%d exact labels, want at least 9 per game", exact)
	}

	// Interrupted before anything was solved: the run fails and says so.
	v := testValuer(filepath.Join(dir, "resumed.lbl"))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := labelAll(ctx, v, games); err == nil || !strings.Contains(err.Error(), "interrupted") {
		t.Fatalf("cancelled run: error %v", err)
	}
	// Stopped after the first three games, then run on all six.
	if _, err := labelAll(context.Background(), v, games[:3]); err != nil {
		t.Fatal(err)
	}
	vals, err := v.load()
	if err != nil {
		t.Fatal(err)
	}
	_, left, err := v.jobs(games, vals)
	if err != nil {
		t.Fatal(err)
	}
	_, all, _ := v.jobs(games, map[bitboard.Board]value{})
	if left == 0 || left >= all || len(vals)+left != all {
		t.Errorf("after three games: %d cached, %d left, %d in all", len(vals), left, all)
	}
	resumed, err := labelAll(context.Background(), v, games)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(fresh, resumed) {
		t.Error("labels of a resumed run differ from those of a fresh run")
	}
}

func TestShardsMergedWriteTheSingleRunsBytes(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	writeGames(t, at("g.games"), 4)
	base := Config{Games: []string{at("g.games")}, ExactEmpties: 8, SearchDepth: 2, Selectivity: 73, Eval: eval.Simple{}, EvalName: "simple",
		Workers: 2, Every: time.Hour}
	single := base
	single.Out = at("single.lbl")
	if err := Run(context.Background(), single); err != nil {
		t.Fatal(err)
	}
	parts := runShards(t, base, 3, at)
	// A shard's caches hold only its boards.
	labels, _, err := dataset.ReadLabels(parts[1] + searchSuffix(2, 73, "simple"))
	if err != nil || len(labels) == 0 {
		t.Fatalf("shard 1's search cache: %d values, %v", len(labels), err)
	}
	for _, l := range labels {
		if (bitboard.Board{P: l.P, O: l.O}).Hash()%3 != 1 {
			t.Fatalf("shard 1 valued a board of another shard")
		}
	}
	merged := base
	merged.Out, merged.Merge = at("merged.lbl"), parts
	if err := Run(context.Background(), merged); err != nil {
		t.Fatal(err)
	}
	want, err1 := os.ReadFile(single.Out)
	got, err2 := os.ReadFile(merged.Out)
	if err1 != nil || err2 != nil || !bytes.Equal(got, want) || len(want) == 0 {
		t.Errorf("merged labels (%d bytes, %v) differ from the single run's (%d bytes, %v)", len(got), err2, len(want), err1)
	}
	// Merging needs every shard: a missing cache is an error, not a gap.
	merged.Out, merged.Merge = at("broken.lbl"), []string{parts[0], at("nonexistent.lbl")}
	if err := Run(context.Background(), merged); err == nil {
		t.Error("merge with a missing shard succeeded")
	}
}

// runShards runs base as shards 0 to n-1 of n, with outputs part0.lbl and
// on, checks that none wrote labels, and returns their outputs.
func runShards(t *testing.T, base Config, n int, at func(string) string) []string {
	t.Helper()
	var parts []string
	for i := range n {
		c := base
		c.Out, c.Shard = at(fmt.Sprintf("part%d.lbl", i)), shard.Shard{Index: i, Count: n}
		if err := Run(context.Background(), c); err != nil {
			t.Fatal(err)
		}
		if _, err := os.Stat(c.Out); err == nil {
			t.Errorf("shard %d wrote labels; a shard writes only its caches", i)
		}
		parts = append(parts, c.Out)
	}
	return parts
}

func TestABandOfEmptiesGetsTheWholeRunsLabelsAndValuesOnlyItself(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	writeGames(t, at("g.games"), 4)
	band := span.Span{Lo: 9, Hi: 20}
	for i, tc := range []struct {
		depth  int
		weight float64
	}{{0, 0}, {2, 0}, {2, 0.5}} {
		depth := tc.depth
		// Without searches, or with a result weight, the band's labels are
		// interpolated towards the solves at 8 empties or fewer, outside
		// the band.
		base := Config{Games: []string{at("g.games")}, ExactEmpties: 8, SearchDepth: depth, ResultWeight: tc.weight,
			Eval: eval.Simple{}, EvalName: "simple", Workers: 2, Every: time.Hour}
		whole, part := base, base
		whole.Out = at(fmt.Sprintf("whole%d.lbl", i))
		part.Out, part.Empties = at(fmt.Sprintf("band%d.lbl", i)), &band
		for _, c := range []Config{whole, part} {
			if err := Run(context.Background(), c); err != nil {
				t.Fatal(err)
			}
		}
		all, _, err1 := dataset.ReadLabels(whole.Out)
		got, _, err2 := dataset.ReadLabels(part.Out)
		if err1 != nil || err2 != nil {
			t.Fatal(err1, err2)
		}
		var want []dataset.Label
		for _, l := range all {
			if band.Contains(l.Empties()) {
				want = append(want, l)
			}
		}
		if len(want) == 0 || len(want) == len(all) || !reflect.DeepEqual(got, want) {
			t.Errorf("depth %d, result weight %g: the band's %d labels differ from the %d of the whole run's %d in the band",
				depth, tc.weight, len(got), len(want), len(all))
		}
		if depth == 0 || tc.weight > 0 {
			continue
		}
		// With searches, every label of the band is searched or exact,
		// so nothing outside it is valued.
		for _, cache := range []string{part.Out + solvedSuffix, part.Out + searchSuffix(depth, 100, "simple")} {
			vals, _, err := dataset.ReadLabels(cache)
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range vals {
				if !band.Contains(l.Empties()) {
					t.Fatalf("%s holds a value at %d empties, outside the band %v", cache, l.Empties(), band)
				}
			}
		}
	}
}

func TestARunRefusesAResultWeightItCannotUse(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "g.games")
	writeGames(t, games, 1)
	for _, c := range []Config{
		{SearchDepth: 2, ResultWeight: -0.5},
		{SearchDepth: 2, ResultWeight: 1.5},
		{SearchDepth: 2, ResultWeight: math.NaN()},
		{ResultWeight: 0.5}, // no searches to mix with
	} {
		c.Games, c.Out, c.Workers, c.Eval, c.EvalName = []string{games}, filepath.Join(dir, "x.lbl"), 1, eval.Simple{}, "simple"
		err := Run(context.Background(), c)
		if err == nil || !strings.Contains(err.Error(), "--result-weight") {
			t.Errorf("depth %d, result weight %g: error %v, want one naming --result-weight", c.SearchDepth, c.ResultWeight, err)
		}
		if _, err := os.Stat(c.Out); err == nil {
			t.Errorf("result weight %g: wrote %s", c.ResultWeight, c.Out)
		}
	}
}

func TestARunRefusesATDLambdaItCannotUse(t *testing.T) {
	dir := t.TempDir()
	games := filepath.Join(dir, "g.games")
	writeGames(t, games, 1)
	for _, c := range []Config{
		{GameScores: true, TDLambda: -0.5},
		{GameScores: true, TDLambda: 1},
		{GameScores: true, TDLambda: math.NaN()},
		{TDLambda: 0.8},                                      // no scores to return
		{GameScores: true, TDLambda: 0.8, ResultWeight: 0.5}, // two rules for one label
		{GameScores: true, TDLambda: 0.8, SearchDepth: 2},
	} {
		c.Games, c.Out, c.Workers, c.Eval, c.EvalName = []string{games}, filepath.Join(dir, "x.lbl"), 1, eval.Simple{}, "simple"
		err := Run(context.Background(), c)
		if err == nil || !strings.Contains(err.Error(), "--td-lambda") {
			t.Errorf("%+v: error %v, want one naming --td-lambda", c, err)
		}
		if _, err := os.Stat(c.Out); err == nil {
			t.Errorf("td-lambda %g: wrote %s", c.TDLambda, c.Out)
		}
	}
}
