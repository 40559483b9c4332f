package dataset

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

func TestLabelsRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lbl")
	start := bitboard.Start()
	want := []Label{
		{P: start.P, O: start.O, Score: 0, Exact: false},
		{P: 1, O: 2, Score: -64, Exact: true, Count: MaxCount},
		{P: 1 << 63, O: 1 << 62, Score: 64, Count: 7},
	}
	if err := WriteLabels(path, want); err != nil {
		t.Fatal(err)
	}
	got, sum, err := ReadLabels(path)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read %v, wrote %v", got, want)
	}
	if _, sum2, _ := ReadLabels(path); sum2 != sum || sum == 0 {
		t.Errorf("checksums %08x and %08x of one file", sum, sum2)
	}
	if e := got[0].Empties(); e != 60 {
		t.Errorf("start position has %d empties, want 60", e)
	}
	empty := filepath.Join(t.TempDir(), "empty.lbl")
	if err := WriteLabels(empty, nil); err != nil {
		t.Fatal(err)
	}
	if got, _, err := ReadLabels(empty); err != nil || len(got) != 0 {
		t.Errorf("empty file read as %v, %v", got, err)
	}
}

func TestBadLabelsFilesAreRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.lbl")
	if err := WriteLabels(path, []Label{{P: 1, O: 2, Score: 3}}); err != nil {
		t.Fatal(err)
	}
	good, _ := os.ReadFile(path)
	mutate := func(f func(b []byte) []byte) []byte { return f(append([]byte(nil), good...)) }
	cases := map[string][]byte{
		"bad magic":   mutate(func(b []byte) []byte { b[0] = 'X'; return b }),
		"version":     mutate(func(b []byte) []byte { b[8] = 9; return b }),
		"truncated":   good[:len(good)-1],
		"checksum":    mutate(func(b []byte) []byte { b[labelsHeader+3] ^= 1; return b }),
		"huge count":  mutate(func(b []byte) []byte { b[23] = 0x7f; return b }),
		"not a label": nil,
	}
	for name, data := range cases {
		if _, _, err := DecodeLabels(data); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	// A record with overlapping discs and a valid checksum.
	bad := filepath.Join(t.TempDir(), "bad.lbl")
	if err := WriteLabels(bad, []Label{{P: 3, O: 1}}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ReadLabels(bad); err == nil || !strings.Contains(err.Error(), "bad.lbl: record 0") {
		t.Errorf("overlapping discs: error %v, want one naming the file and record", err)
	}
}

func TestGamesRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "x.games")
	h := GamesHeader{Seed: 5, RandomMin: 8, RandomMax: 12, Depth: 6, Exact: 20, Eval: "pattern-0123abcd", Shard: 1, Shards: 3}
	moves, _ := bitboard.ParseTranscript("f5d6c3d3c4f4f6f3e6e7")
	want := []SelfPlayGame{{Index: 1, Random: 8, Moves: moves, Score: -12}, {Index: 7, Random: 10, Moves: moves[:4], Score: 64}}
	if err := WriteGames(path, h, want); err != nil {
		t.Fatal(err)
	}
	gh, got, err := ReadGames(path)
	if err != nil {
		t.Fatal(err)
	}
	if gh != h || !reflect.DeepEqual(got, want) {
		t.Errorf("read %v %v, wrote %v %v", gh, got, h, want)
	}
	other := h
	other.Shard = 2
	if !h.SameRun(other) {
		t.Error("shards of one run are not the same run")
	}
	other.Depth = 7
	if h.SameRun(other) {
		t.Error("another depth is the same run")
	}
}

func TestBadGamesFilesNameTheLine(t *testing.T) {
	head := GamesHeader{Seed: 1, RandomMin: 1, RandomMax: 1, Depth: 1, Exact: 1, Eval: "simple", Shards: 2}.String()
	for name, c := range map[string]struct{ text, want string }{
		"header":     {"hello\n", "x.games:1: not a self-play games file"},
		"fields":     {head + "\n0 1 f5\n", "x.games:2: want"},
		"transcript": {head + "\n0 1 f5z9 +2\n", "x.games:2: transcript"},
		"score":      {head + "\n0 1 f5 +65\n", "x.games:2: bad score"},
		"shard":      {head + "\n1 1 f5 +2\n", "x.games:2: game 1 is not in shard 0/2"},
		"order":      {head + "\n2 1 f5 +2\n0 1 f5 +2\n", "x.games:3: game 0 after game 2"},
	} {
		path := filepath.Join(t.TempDir(), "x.games")
		if err := os.WriteFile(path, []byte(c.text), 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err := ReadGames(path)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", name, err, c.want)
		}
	}
}

func TestGameReplayChecksTheEnd(t *testing.T) {
	moves, _ := bitboard.ParseTranscript("f5d6c3d3c4f4f6f3e6e7")
	g := SelfPlayGame{Moves: moves}
	if _, err := g.Replay(); err == nil || !strings.Contains(err.Error(), "not over") {
		t.Errorf("unfinished game: error %v", err)
	}
	g.Moves = []int{0}
	if _, err := g.Replay(); err == nil || !strings.Contains(err.Error(), "move 1: illegal move a1") {
		t.Errorf("illegal move: error %v", err)
	}
}
