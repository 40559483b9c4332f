package selfplay

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/sable-othello/sable/internal/shard"
)

func TestWorkersWriteTheSameFile(t *testing.T) {
	dir := t.TempDir()
	var files []string
	for _, workers := range []int{1, 3} {
		cfg := testConfig(t, filepath.Join(dir, fmt.Sprintf("w%d.games", workers)), 7, shard.Shard{Index: 0, Count: 1})
		cfg.workers, cfg.every = workers, time.Nanosecond // a checkpoint after every game
		if err := run(context.Background(), cfg); err != nil {
			t.Fatal(err)
		}
		files = append(files, readFile(t, cfg.out))
	}
	if files[0] != files[1] {
		t.Errorf("three workers wrote another file than one:\n%s\nvs\n%s", files[1], files[0])
	}
}

func TestCancelledRunKeepsItsFileAndSaysSo(t *testing.T) {
	out := filepath.Join(t.TempDir(), "g.games")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	err := run(ctx, testConfig(t, out, 4, shard.Shard{Index: 0, Count: 1}))
	if err == nil {
		t.Fatal("a cancelled run reported success")
	}
	if n := len(readGames(t, out)); n != 0 {
		t.Errorf("a run cancelled before it started wrote %d games", n)
	}
	if err := run(context.Background(), testConfig(t, out, 4, shard.Shard{Index: 0, Count: 1})); err != nil {
		t.Fatalf("the rerun: %v", err)
	}
	if n := len(readGames(t, out)); n != 4 {
		t.Errorf("the rerun left %d games, want 4", n)
	}
}
