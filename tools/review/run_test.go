package review

import (
	"context"
	"errors"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/shard"
)

// twoEndgames are the endgame of the tests and the same position with the
// game's own moves.
func twoEndgames(t *testing.T) []Game {
	g := endgame(t)
	moves := gameMoves(t)
	h := g
	h.Index, h.Moves = 2, moves[60-endgameEmpties:]
	return []Game{g, h}
}

func exactRun(t *testing.T, ckpt string, sh shard.Shard) *Run {
	return &Run{Reviewer: exactReviewer(t), Settings: Settings{Level: 1, Exact: 60}, Shard: sh, Checkpoint: ckpt}
}

func TestInterruptedRunContinuesFromItsCheckpoint(t *testing.T) {
	games := twoEndgames(t)
	want, err := exactRun(t, "", shard.Shard{}).Review(context.Background(), games)
	if err != nil {
		t.Fatal(err)
	}
	ckpt := filepath.Join(t.TempDir(), "review.json")
	// Stop after 5 moves of the first game.
	ctx, cancel := context.WithCancel(context.Background())
	r := exactRun(t, ckpt, shard.Shard{})
	seen := 0
	r.Reviewer.hook = func() {
		if seen++; seen == 5 {
			cancel()
		}
	}
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
	r = exactRun(t, ckpt, shard.Shard{})
	searched := 0
	r.Reviewer.hook = func() { searched++ }
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
	games := twoEndgames(t)
	want, err := exactRun(t, "", shard.Shard{}).Review(context.Background(), games)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var files []*File
	var names []string
	for i := range 2 {
		name := filepath.Join(dir, "part"+string(rune('0'+i))+".json")
		if _, err := exactRun(t, name, shard.Shard{Index: i, Count: 2}).Review(context.Background(), games); err != nil {
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
	games := twoEndgames(t)[:1]
	if _, err := exactRun(t, ckpt, shard.Shard{}).Review(context.Background(), games); err != nil {
		t.Fatal(err)
	}
	r := exactRun(t, ckpt, shard.Shard{})
	r.Settings.Level = 3
	if _, err := r.Review(context.Background(), games); err == nil {
		t.Error("a checkpoint of other settings was resumed")
	}
}

func TestSummaryAddsUpEachPlayerOverColours(t *testing.T) {
	games := []GameReview{
		{Game: Game{Index: 1, Black: "A", White: "B"}, Reviewed: []Move{
			{Color: bitboard.Black, Loss: 4}, {Color: bitboard.White, Loss: 0}, {Color: bitboard.Black, Loss: 12}}},
		{Game: Game{Index: 2, Black: "B", White: "A"}, Reviewed: []Move{
			{Color: bitboard.Black, Loss: 6}, {Color: bitboard.White, Loss: 2}}},
	}
	got := Summarize(games, DefaultThresholds())
	want := []PlayerTotals{
		{Name: "B", Games: 2, Totals: Totals{Moves: 2, Loss: 6, Marks: [numMarks]int{Good: 1, Mistake: 1}}},
		{Name: "A", Games: 2, Totals: Totals{Moves: 3, Loss: 18, Marks: [numMarks]int{Inaccuracy: 2, Blunder: 1}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Summarize = %+v, want %+v", got, want)
	}
}

func TestThresholds(t *testing.T) {
	th, err := ParseThresholds("1, 3,10")
	if err != nil {
		t.Fatal(err)
	}
	for loss, want := range map[int]Mark{0: Good, 1: Inaccuracy, 2: Inaccuracy, 3: Mistake, 9: Mistake, 10: Blunder, 64: Blunder} {
		if got := th.Mark(loss); got != want {
			t.Errorf("Mark(%d) = %v, want %v", loss, got, want)
		}
	}
	for _, bad := range []string{"", "1,2", "2,2,3", "0,1,2", "1,2,x", "3,2,1"} {
		if _, err := ParseThresholds(bad); err == nil {
			t.Errorf("ParseThresholds(%q): no error", bad)
		}
	}
	if th, _ := ParseThresholds(DefaultThresholds().String()); th != DefaultThresholds() {
		t.Errorf("the default thresholds do not read back: %v", th)
	}
}
