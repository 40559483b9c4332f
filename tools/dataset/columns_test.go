package dataset

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

// The random moves of a run are part of format v5, which leaves them out of
// its files: should the generator draw others (a change to DrawPrefix, to
// bitboard.RandomMove or to Go's math/rand/v2), the v5 files written before
// could no longer be read.
func TestTheDrawnMovesStayTheSame(t *testing.T) {
	h := GamesHeader{Seed: 1, RandomMin: 12, RandomMax: 40}
	for index, want := range []string{
		"f5f6d3c5d6c7d7e3f3f4g3d8c4c3b5b4c6b6a4a5a7e2c2g2b8b3a2b7h1",
		"e6f6d3e3g7c6c5c4c3b3b7c7f2g1d7f5c2b4a3b2f3e7b1c8f7g8b5a6f1h7h1a1a2a4a8g2h3b6f4g3",
	} {
		moves, _, err := DrawPrefix(h, index, nil)
		if got := bitboard.Transcript(moves); err != nil || got != want {
			t.Errorf("game %d: drew %s (%v), want %s", index, got, err, want)
		}
	}
	// From openings, as self-play draws its games (not a part of v5).
	var openings [][]int
	for _, s := range []string{"f5d6c3", "f5f6e6f4", "c4e3"} {
		moves, err := bitboard.ParseTranscript(s)
		if err != nil {
			t.Fatal(err)
		}
		openings = append(openings, moves)
	}
	h.RandomMin, h.RandomMax = 2, 6
	for index, want := range []string{"f5d6c3f4f3g3c6", "f5d6c3d3c7f6g7d7c2", "f5f6e6f4g6d6d3h6c6"} {
		moves, _, err := DrawPrefix(h, index, openings)
		if got := bitboard.Transcript(moves); err != nil || got != want {
			t.Errorf("game %d from openings: drew %s (%v), want %s", index, got, err, want)
		}
	}
}

// drawnGames returns the games of shard 1 of 3 of run h, numbered 1, 4, 7,
// ...: each begins with the moves its seed draws and goes on with moves of
// another generator to the end, as an engine's would.
func drawnGames(t *testing.T, h GamesHeader, n int) []SelfPlayGame {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 4))
	var games []SelfPlayGame
	for i := range n {
		moves, pos, err := DrawPrefix(h, 3*i+1, nil)
		if err != nil {
			t.Fatal(err)
		}
		g := SelfPlayGame{Index: 3*i + 1, Random: len(moves), Moves: moves}
		playOut(rng, pos, &g)
		games = append(games, g)
	}
	return games
}

func TestFormat5RoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v5.games")
	drawn := GamesHeader{Seed: 9, RandomMin: 8, RandomMax: 30, Depth: 6, Selectivity: 73, Exact: 20, Eval: "simple", Shard: 1, Shards: 3, Format: Format5}
	whole := drawn
	whole.RandomMin, whole.RandomMax = 60, 60 // every game ends within its random moves
	openings := drawn
	openings.Openings = "xot-large.txt@0a1b2c3d"
	fromOpenings, passes := randomGames(100, 3) // any moves, any number of them random
	for i := range fromOpenings {
		fromOpenings[i].Index++
	}
	if passes == 0 {
		t.Fatal("no game passes: the test does not cover passes")
	}
	for name, c := range map[string]struct {
		h     GamesHeader
		games []SelfPlayGame
	}{
		"drawn":    {drawn, drawnGames(t, drawn, 100)},
		"whole":    {whole, drawnGames(t, whole, 3)},
		"openings": {openings, fromOpenings},
		"none":     {drawn, nil},
	} {
		if err := WriteGames(path, c.h, c.games); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		h, got, err := ReadGames(path)
		if err != nil || h != c.h || !reflect.DeepEqual(got, c.games) {
			t.Errorf("%s: read %v and %d games (%v), wrote %v and %d", name, h, len(got), err, c.h, len(c.games))
		}
		if line := headerLine(t, path); !strings.HasPrefix(line, "# sable-selfplay v5 ") {
			t.Errorf("%s: header %q, want format v5", name, line)
		}
	}
}

// headerLine returns the first line of the games file at path.
func headerLine(t *testing.T, path string) string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	z, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	line, err := bufio.NewReader(z).ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSuffix(line, "\n")
}

func TestFormat5RefusesGamesItCannotHold(t *testing.T) {
	path := filepath.Join(t.TempDir(), "v5.games")
	h := GamesHeader{Seed: 9, RandomMin: 8, RandomMax: 30, Depth: 6, Selectivity: 73, Exact: 20, Eval: "simple", Shard: 1, Shards: 3, Format: Format5}
	good := drawnGames(t, h, 2)
	other := good[1]
	other.Index = good[0].Index // another game's moves
	unfinished := good[0]
	unfinished.Moves = unfinished.Moves[:len(unfinished.Moves)-1]
	wrong := good[0]
	wrong.Score += 2
	fewer := good[0]
	fewer.Random--
	for name, c := range map[string]struct {
		games []SelfPlayGame
		want  string
	}{
		"other moves": {[]SelfPlayGame{other}, "game 1 does not begin with the"},
		"fewer drawn": {[]SelfPlayGame{fewer}, "game 1 does not begin with the"},
		"unfinished":  {[]SelfPlayGame{unfinished}, "game 1: not over after"},
		"score":       {[]SelfPlayGame{wrong}, "recorded score"},
		"order":       {[]SelfPlayGame{good[1], good[0]}, "want increasing indices"},
	} {
		if err := WriteGames(path, h, c.games); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", name, err, c.want)
		}
	}
}

func TestBadFormat5FilesAreRefusedWithTheReason(t *testing.T) {
	h := GamesHeader{Seed: 9, RandomMin: 8, RandomMax: 30, Depth: 6, Selectivity: 73, Exact: 20, Eval: "simple", Shards: 1, Format: Format5}
	games := drawnGames(t, h, 1) // game 1
	good, err := appendDrawn(nil, h, games)
	if err != nil {
		t.Fatal(err)
	}
	// good is count 1, index delta 1, the score, then the engine moves'
	// ranks.
	if good[0] != 1 || good[1] != 1 || int(good[2]) != games[0].Score+64 || len(good) != 3+len(games[0].Moves)-games[0].Random {
		t.Fatalf("v5 bytes % x for a game of %d moves, %d drawn, score %+d", good, len(games[0].Moves), games[0].Random, games[0].Score)
	}
	with := func(at int, b byte) []byte {
		c := bytes.Clone(good)
		c[at] = b
		return c
	}
	badRange := h
	badRange.RandomMin = 31
	// Game 1 again, one index past the largest: the index would wrap.
	wrap := append(append([]byte{2, 1, good[2]}, binary.AppendUvarint(nil, math.MaxUint64)...), good[2])
	wrap = append(wrap, good[3:]...)
	// A run from openings stores how many moves were not the engine's.
	openings := h
	openings.Openings = "xot-large.txt@0a1b2c3d"
	short := shortGame(t)
	fromOpenings, err := appendDrawn(nil, openings, []SelfPlayGame{short})
	if err != nil {
		t.Fatal(err)
	}
	tooMany := bytes.Clone(fromOpenings)
	tooMany[2] = byte(len(short.Moves) + 1) // count, index delta, random, score
	for name, c := range map[string]struct {
		head string
		data []byte
		want string
	}{
		"no count":  {h.String(), nil, "no game count: unexpected EOF"},
		"head":      {h.String(), good[:2], "game 1 of the file: unexpected EOF"},
		"ranks":     {h.String(), good[:len(good)-1], "game 1 of the file: unexpected EOF"},
		"rank":      {h.String(), with(3, 40), "game 1 of the file: game 1: move"},
		"score":     {h.String(), with(2, byte(games[0].Score+66)), "recorded score"},
		"too high":  {h.String(), with(2, 200), "score +136"},
		"trailing":  {h.String(), append(bytes.Clone(good), 0), "bytes after the last of 1 games"},
		"other run": {strings.Replace(h.String(), "seed=9", "seed=10", 1), good, "game 1 of the file: game 1: "},
		"random":    {badRange.String(), good, "random 31-30"},
		"wrap":      {h.String(), wrap, "game 2 of the file: the game after game 1 skips 18446744073709551615 indices"},
		"openings":  {openings.String(), tooMany, fmt.Sprintf("game 1 of the file: game 0: %d moves, %d random", len(short.Moves), len(short.Moves)+1)},
	} {
		path := filepath.Join(t.TempDir(), "x.games")
		if err := os.WriteFile(path, gamesStream(t, c.head, c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err := ReadGames(path)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", name, err, c.want)
		}
	}
}

// update rewrites testdata/v5.games: go test ./tools/dataset -run Format5File -update
var update = flag.Bool("update", false, "rewrite testdata/v5.games")

// shortGame returns a game of random moves, game 0, that ends before the
// board is full.
func shortGame(t *testing.T) SelfPlayGame {
	t.Helper()
	games, _ := randomGames(200, 1)
	for _, g := range games {
		if len(g.Moves) < 60 {
			g.Index = 0
			return g
		}
	}
	t.Fatal("no game of 200 ends before the board is full")
	return SelfPlayGame{}
}

// testdata/v5.games holds drawnGames(v5Run, 3), written when format v5 was
// made: a change to how v5 ranks or draws moves reads other games from it.
func TestAFormat5FileReadsAsWritten(t *testing.T) {
	path := filepath.Join("testdata", "v5.games")
	want := drawnGames(t, v5Run, 3)
	if *update {
		if err := WriteGames(path, v5Run, want); err != nil {
			t.Fatal(err)
		}
	}
	h, got, err := ReadGames(path)
	if err != nil || h != v5Run || !reflect.DeepEqual(got, want) {
		t.Errorf("read %v and %v (%v), want %v and %v", h, got, err, v5Run, want)
	}
}

// v5Run is the run of testdata/v5.games.
var v5Run = GamesHeader{Seed: 9, RandomMin: 8, RandomMax: 30, Depth: 6, Selectivity: 73, Exact: 20, Eval: "simple", Shard: 1, Shards: 3, Format: Format5}
