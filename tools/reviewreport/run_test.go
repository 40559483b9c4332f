package reviewreport

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/review/reviewtest"
)

func exactRun(t *testing.T, ckpt string, sh shard.Shard, beforeMove func()) *Run {
	return &Run{Reviewer: reviewtest.ExactReviewer(t, beforeMove), Settings: Settings{Level: 1, Exact: 60}, Shard: sh, Checkpoint: ckpt}
}

func TestInterruptedRunContinuesFromItsCheckpoint(t *testing.T) {
	games := reviewtest.Endgames(t)
	want, err := exactRun(t, "", shard.Shard{}, nil).Review(context.Background(), games)
	if err != nil {
		t.Fatal(err)
	}
	ckpt := filepath.Join(t.TempDir(), "review.json")
	// Stop after 5 moves of the first game.
	ctx, cancel := context.WithCancel(context.Background())
	seen := 0
	r := exactRun(t, ckpt, shard.Shard{}, func() {
		if seen++; seen == 5 {
			cancel()
		}
	})
	if _, err := r.Review(ctx, games); !errors.Is(err, context.Canceled) {
		t.Fatalf("interrupted run: got %v, want context.Canceled", err)
	}
	f, err := ReadFile(ckpt)
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Games) != 2 || len(f.Games[0].Reviewed) != 4 || len(f.Games[1].Reviewed) != 0 {
		t.Fatalf("checkpoint holds %d games, want two: the first with 4 moves reviewed, the second with none", len(f.Games))
	}
	searched := 0
	r = exactRun(t, ckpt, shard.Shard{}, func() { searched++ })
	got, err := r.Review(context.Background(), games)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("resumed review differs from a whole one")
	}
	total := 0
	for _, g := range want {
		total += g.MoveCount()
	}
	if searched != total-4 {
		t.Errorf("resumed run reviewed %d moves, want the %d missing", searched, total-4)
	}
}

func TestMergedShardsEqualOneRun(t *testing.T) {
	games := reviewtest.Endgames(t)
	want, err := exactRun(t, "", shard.Shard{}, nil).Review(context.Background(), games)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var files []*File
	var names []string
	for i := range 2 {
		name := filepath.Join(dir, "part"+string(rune('0'+i))+".json")
		if _, err := exactRun(t, name, shard.Shard{Index: i, Count: 2}, nil).Review(context.Background(), games); err != nil {
			t.Fatal(err)
		}
		f, err := ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		files, names = append(files, f), append(names, name)
	}
	merged, err := Merge(files, names)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(merged.Games, want) {
		t.Errorf("merged shards differ from one run")
	}
	if _, err := Merge([]*File{files[0], files[0]}, []string{"a", "b"}); err == nil {
		t.Error("merging a shard with itself: no error")
	}
	other := *files[1]
	other.Settings.Level = 5
	if _, err := Merge([]*File{files[0], &other}, []string{"a", "b"}); err == nil {
		t.Error("merging reviews of other settings: no error")
	}
}

func TestCheckpointOfOtherSettingsIsRefused(t *testing.T) {
	ckpt := filepath.Join(t.TempDir(), "review.json")
	games := reviewtest.Endgames(t)[:1]
	if _, err := exactRun(t, ckpt, shard.Shard{}, nil).Review(context.Background(), games); err != nil {
		t.Fatal(err)
	}
	r := exactRun(t, ckpt, shard.Shard{}, nil)
	r.Settings.Level = 3
	if _, err := r.Review(context.Background(), games); err == nil {
		t.Error("a checkpoint of other settings was resumed")
	}
}
