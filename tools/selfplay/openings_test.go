package selfplay

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/shard"
)

// writeFile writes text to a new file in a test directory.
func writeFile(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestOpeningsAreTheDistinctStartsOfTheFilesGames(t *testing.T) {
	// An XOT-style list: the second line repeats the first's start, the
	// third is too short.
	path := writeFile(t, "list.txt", "f5d6c3d3c4f4\nf5d6c3d3c4f4f6\nf5f6\nf5f4e3f6d3c5\n")
	o, err := readOpenings(path, 6)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range o.list {
		got = append(got, bitboard.Transcript(m))
	}
	if strings.Join(got, " ") != "f5d6c3d3c4f4 f5f4e3f6d3c5" {
		t.Errorf("openings %v, want f5d6c3d3c4f4 and f5f4e3f6d3c5", got)
	}
	if !strings.HasPrefix(o.name, "list.txt:6@") || len(o.name) != len("list.txt:6@")+8 {
		t.Errorf("name %q, want list.txt:6@CRC", o.name)
	}
	other, _ := readOpenings(writeFile(t, "list.txt", "f5d6c3d3c4f4\nf5f4e3f6d3c6\n"), 6)
	if other.name == o.name {
		t.Errorf("two lists have one name, %q", o.name)
	}
	for _, c := range []struct {
		text  string
		plies int
		want  string
	}{
		{"f5f6\n", 6, "no game of 6 plies"},
		{"f5d6c3d3c4f4\n", 0, "bad --opening-plies 0"},
		{"f5z9\n", 2, "list.txt:1"},
	} {
		if _, err := readOpenings(writeFile(t, "list.txt", c.text), c.plies); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q at %d plies: error %v, want %q", c.text, c.plies, err, c.want)
		}
	}
}

func TestGamesStartFromTheOpenings(t *testing.T) {
	starts, err := readOpenings(writeFile(t, "list.txt", "f5d6c3d3c4f4\nf5f4e3f6d3c5\n"), 6)
	if err != nil {
		t.Fatal(err)
	}
	cfg := testConfig(t, filepath.Join(t.TempDir(), "g.games"), 8, shard.Shard{Index: 0, Count: 1})
	cfg.header.RandomMin, cfg.header.RandomMax = 0, 2
	cfg.header.Openings, cfg.starts, cfg.eval = starts.name, starts, eval.Simple{}
	if err := run(context.Background(), cfg); err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, g := range readGames(t, cfg.out) {
		first := bitboard.Transcript(g.Moves[:6])
		seen[first]++
		if first != "f5d6c3d3c4f4" && first != "f5f4e3f6d3c5" {
			t.Errorf("game %d starts %s, not with an opening", g.Index, first)
		}
		if g.Random < 6 || g.Random > 8 {
			t.Errorf("game %d: %d plies not chosen by the engine, want 6 + 0..2", g.Index, g.Random)
		}
		if _, err := g.Replay(); err != nil {
			t.Errorf("game %d: %v", g.Index, err)
		}
	}
	if len(seen) != 2 {
		t.Errorf("8 games used the openings %v, want both", seen)
	}
}
