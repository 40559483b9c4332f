package selfplay

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/tools/dataset"
)

// testConfig is a fast run: shallow search, solving from 10 empties.
func testConfig(t *testing.T, out string, total int, sh shard.Shard) runConfig {
	t.Helper()
	return runConfig{
		out: out,
		header: dataset.GamesHeader{Seed: 7, RandomMin: 4, RandomMax: 8, Depth: 2, Exact: 10, Eval: "simple", Shard: sh.Index, Shards: sh.Count, Format: dataset.Format5,
			MPC: search.DefaultProbcut().String()},
		eval:    eval.Simple{},
		total:   total,
		workers: 2,
		every:   0,
		quiet:   true,
	}
}

func readGames(t *testing.T, path string) []dataset.SelfPlayGame {
	t.Helper()
	_, g, err := dataset.ReadGames(path)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestShardsPartitionTheGameIndices(t *testing.T) {
	for _, n := range []int{1, 2, 3, 7} {
		seen := make([]int, 50)
		for i := range n {
			for _, g := range shardIndices(shard.Shard{Index: i, Count: n}, 50, nil) {
				seen[g]++
			}
		}
		for g, c := range seen {
			if c != 1 {
				t.Fatalf("%d shards: game %d is in %d shards, want 1", n, g, c)
			}
		}
	}
	if got := shardIndices(shard.Shard{Index: 1, Count: 3}, 10, map[int]bool{4: true}); !slices.Equal(got, []int{1, 7}) {
		t.Errorf("shard 1/3 of 10 without game 4 = %v, want [1 7]", got)
	}
}

func TestResumeContinuesWhereItStopped(t *testing.T) {
	dir := t.TempDir()
	whole, part := filepath.Join(dir, "whole.games"), filepath.Join(dir, "part.games")
	if err := run(context.Background(), testConfig(t, whole, 6, shard.Shard{Index: 0, Count: 1})); err != nil {
		t.Fatal(err)
	}
	if err := run(context.Background(), testConfig(t, part, 3, shard.Shard{Index: 0, Count: 1})); err != nil {
		t.Fatal(err)
	}
	if n := len(readGames(t, part)); n != 3 {
		t.Fatalf("first run wrote %d games, want 3", n)
	}
	if err := run(context.Background(), testConfig(t, part, 6, shard.Shard{Index: 0, Count: 1})); err != nil {
		t.Fatal(err)
	}
	a, b := readFile(t, whole), readFile(t, part)
	if a != b {
		t.Errorf("resumed run differs from a run in one go:\n%s\nvs\n%s", b, a)
	}
}

func TestResumeRefusesAnotherRun(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.games")
	cfg := testConfig(t, out, 1, shard.Shard{Index: 0, Count: 1})
	if err := run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	cfg.header.Depth = 3
	if err := run(context.Background(), cfg); err == nil {
		t.Error("resumed a file made at another depth")
	}
}

// The header's Multi-ProbCut model is the one the searches use, and a file
// is resumed only with the model it names.
func TestTheHeadersMultiProbCutModelPlaysAndIsKept(t *testing.T) {
	dir := t.TempDir()
	play := func(name, mpc string) (runConfig, []dataset.SelfPlayGame) {
		cfg := testConfig(t, filepath.Join(dir, name), 4, shard.Shard{Index: 0, Count: 1})
		cfg.header.Depth, cfg.header.Selectivity, cfg.header.MPC = 6, 73, mpc
		if err := run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		return cfg, readGames(t, cfg.out)
	}
	cfg, narrow := play("narrow.games", search.DefaultProbcut().String())
	_, wide := play("wide.games", "30,0,0,0") // cuts next to nothing
	if slices.EqualFunc(narrow, wide, func(a, b dataset.SelfPlayGame) bool {
		return slices.Equal(a.Scores, b.Scores) && slices.Equal(a.Moves, b.Moves)
	}) {
		t.Error("the games do not depend on the header's Multi-ProbCut model")
	}
	cfg.header.MPC, cfg.total = "30,0,0,0", 5
	if err := run(context.Background(), cfg); err == nil {
		t.Error("resumed a file with another Multi-ProbCut model")
	}
	legacy := cfg
	legacy.header.MPC = ""
	legacy.out = filepath.Join(dir, "legacy.games")
	if err := dataset.WriteGames(legacy.out, legacy.header, nil); err != nil {
		t.Fatal(err)
	}
	cfg.out = legacy.out
	err := run(context.Background(), cfg)
	if err == nil || !strings.Contains(err.Error(), "does not name the Multi-ProbCut model") {
		t.Errorf("a file that names no model resumed: error %v", err)
	}
}

func TestARunGoesOnInTheFormatItBeganIn(t *testing.T) {
	for _, format := range []int{2, 3, 4} {
		dir := t.TempDir()
		whole, part := filepath.Join(dir, "whole.games"), filepath.Join(dir, "part.games")
		old := testConfig(t, whole, 4, shard.Shard{Index: 0, Count: 1})
		old.header.Format = format
		if err := run(context.Background(), old); err != nil {
			t.Fatal(err)
		}
		old.out, old.total = part, 2
		if err := run(context.Background(), old); err != nil {
			t.Fatal(err)
		}
		if err := run(context.Background(), testConfig(t, part, 4, shard.Shard{Index: 0, Count: 1})); err != nil {
			t.Fatal(err)
		}
		if a, b := readFile(t, whole), readFile(t, part); a != b {
			t.Errorf("a run in format v%d, resumed, differs from the same run in one go", format)
		}
		if h, _, err := dataset.ReadGames(part); err != nil || h.Format != format {
			t.Errorf("a run in format v%d went on as %v (%v)", format, h, err)
		}
	}
}

func TestMergedShardsEqualOneRun(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join(dir, "whole.games")
	if err := run(context.Background(), testConfig(t, whole, 7, shard.Shard{Index: 0, Count: 1})); err != nil {
		t.Fatal(err)
	}
	var parts []string
	for i := range 3 {
		p := filepath.Join(dir, "part"+string(rune('0'+i))+".games")
		cfg := testConfig(t, p, 7, shard.Shard{Index: i, Count: 3})
		if i == 1 {
			cfg.header.Format = 4 // a shard begun by an older build
		}
		if err := run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		parts = append(parts, p)
	}
	merged := filepath.Join(dir, "merged.games")
	if err := Merge(merged, parts); err != nil {
		t.Fatal(err)
	}
	if a, b := readFile(t, whole), readFile(t, merged); a != b {
		t.Errorf("merged shards differ from one run:\n%s\nvs\n%s", b, a)
	}
	if err := Merge(filepath.Join(dir, "dup.games"), []string{parts[0], parts[0]}); err == nil {
		t.Error("merged a shard with itself")
	}
}

func TestGamesReplayToTheirScore(t *testing.T) {
	for _, format := range []int{dataset.Format5, 4} {
		out := filepath.Join(t.TempDir(), "g.games")
		cfg := testConfig(t, out, 4, shard.Shard{Index: 0, Count: 1})
		cfg.header.Format = format
		if err := run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		for _, g := range readGames(t, out) {
			checkPlayedGame(t, g, format == 4)
		}
	}
}

// checkPlayedGame checks a game of testConfig's run: its random moves,
// its score, and when scores is set its engine's move scores, each the
// final score for the mover from 10 empties on.
func checkPlayedGame(t *testing.T, g dataset.SelfPlayGame, scores bool) {
	t.Helper()
	if g.Random < 4 || g.Random > 8 {
		t.Errorf("game %d: %d random moves, want 4..8", g.Index, g.Random)
	}
	ps, err := g.Replay()
	if err != nil {
		t.Errorf("game %d: %v", g.Index, err)
		return
	}
	if !scores {
		if g.Scores != nil {
			t.Errorf("game %d: %d move scores in a file without them", g.Index, len(g.Scores))
		}
		return
	}
	if len(g.Scores) != len(g.Moves)-g.Random {
		t.Errorf("game %d: %d scores for %d engine moves", g.Index, len(g.Scores), len(g.Moves)-g.Random)
		return
	}
	// From 10 empties on the engine solved, so each of its scores
	// there is the final score for the mover.
	solved := 0
	for i, score := range g.Scores {
		p := ps[g.Random+i]
		if p.Board.NumEmpties() > 10 {
			continue
		}
		want := g.Score
		if p.Side == bitboard.White {
			want = -want
		}
		if score != want {
			t.Errorf("game %d: move %d: score %+d at %d empties, the game ended %+d for the mover", g.Index, g.Random+i+1, score, p.Board.NumEmpties(), want)
		}
		solved++
	}
	if solved == 0 {
		t.Errorf("game %d: no solved move", g.Index)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
