package dataset

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
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

// randomGames plays n games of random moves to the end, numbered 0, step,
// 2*step, ..., and counts their passes.
func randomGames(n, step int) (games []SelfPlayGame, passes int) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range n {
		g := SelfPlayGame{Index: i * step}
		passes += playOut(rng, bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), &g)
		g.Random = rng.IntN(len(g.Moves) + 1)
		games = append(games, g)
	}
	return games, passes
}

// playOut plays random moves from pos, the position after g's moves, to the
// end of the game, sets g's score, and returns the number of passes.
func playOut(rng *rand.Rand, pos bitboard.Position, g *SelfPlayGame) (passes int) {
	for !pos.GameOver() {
		if pos.MustPass() {
			pos = pos.Pass()
			passes++
		}
		m := bitboard.RandomMove(rng, pos.Moves())
		g.Moves = append(g.Moves, m)
		pos = pos.Play(m)
	}
	b, w := pos.FinalCounts()
	g.Score = b - w
	return passes
}

func TestGamesRoundTrip(t *testing.T) {
	dir := t.TempDir()
	h := GamesHeader{Seed: 5, Openings: "xot-large.txt@0a1b2c3d", RandomMin: 8, RandomMax: 12, Depth: 6, Selectivity: 73, Exact: 20,
		Eval: "pattern-0123abcd", Shard: 1, Shards: 3, Format: 2}
	want, passes := randomGames(300, 3)
	if passes == 0 {
		t.Fatal("no game passes: the test does not cover passes")
	}
	for i := range want {
		want[i].Index++ // shard 1 of 3
	}
	a, b := filepath.Join(dir, "a.games"), filepath.Join(dir, "b.games")
	for _, path := range []string{a, b} {
		if err := WriteGames(path, h, want); err != nil {
			t.Fatal(err)
		}
	}
	gh, got, err := ReadGames(a)
	if err != nil {
		t.Fatal(err)
	}
	if gh != h || !reflect.DeepEqual(got, want) {
		t.Errorf("read %v and %d games, wrote %v and %d", gh, len(got), h, len(want))
	}
	da, _ := os.ReadFile(a)
	db, _ := os.ReadFile(b)
	if !bytes.Equal(da, db) {
		t.Error("the same games gave different bytes")
	}
	if per := len(da) / len(want); per > 60 {
		t.Errorf("%d bytes a game, want a compact file", per)
	}
	plain := h
	plain.Openings = "" // the standard start
	if err := WriteGames(b, plain, want[:1]); err != nil {
		t.Fatal(err)
	}
	if gh, _, err := ReadGames(b); err != nil || gh != plain {
		t.Errorf("header %v (%v), want %v", gh, err, plain)
	}
	named := h
	named.MPC = "3.5922,-0.0229,0.2138,-0.4309"
	if err := WriteGames(b, named, want[:1]); err != nil {
		t.Fatal(err)
	}
	if gh, _, err := ReadGames(b); err != nil || gh != named {
		t.Errorf("header %v (%v), want %v", gh, err, named)
	}
	if named.SameRun(h) {
		t.Error("a file that names its Multi-ProbCut model is the same run as one that does not")
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

// scoredGames returns n games of random moves numbered 1, 4, 7, ... (shard
// 1 of 3), with a score for each engine move: every value from -64 to +64,
// and in the first two games +64 or -64 throughout (sums of +128 and -128).
func scoredGames(n int) []SelfPlayGame {
	games, _ := randomGames(n, 3)
	for i := range games {
		g := &games[i]
		g.Index++
		for k := g.Random; k < len(g.Moves); k++ {
			s := (k*7+i)%129 - 64
			if i < 2 {
				s = 64 - 128*i
			}
			g.Scores = append(g.Scores, s)
		}
	}
	return games
}

func TestGamesWithScoresRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "s.games")
	want := scoredGames(50)
	for _, v := range []int{3, 4} {
		format := fmt.Sprintf("v%d", v)
		h := GamesHeader{Seed: 5, RandomMin: 8, RandomMax: 12, Depth: 6, Selectivity: 73, Exact: 20, Eval: "simple", Shard: 1, Shards: 3,
			Format: v}
		if err := WriteGames(path, h, want); err != nil {
			t.Fatal(err)
		}
		gh, got, err := ReadGames(path)
		if err != nil {
			t.Fatal(err)
		}
		if gh != h || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read %v and %d games, wrote %v and %d", format, gh, len(got), h, len(want))
		}
		if !strings.HasPrefix(h.String(), "# sable-selfplay "+format+" ") {
			t.Errorf("header %q, want format %s", h, format)
		}
		short := slices.Clone(want[:1])
		short[0].Scores = short[0].Scores[1:]
		if err := WriteGames(path, h, short); err == nil || !strings.Contains(err.Error(), "move scores for") {
			t.Errorf("%s: too few scores written: error %v", format, err)
		}
		wide := slices.Clone(want[:1])
		wide[0].Scores = slices.Clone(wide[0].Scores)
		wide[0].Scores[0] = 65
		if err := WriteGames(path, h, wide); err == nil || !strings.Contains(err.Error(), "score +65") {
			t.Errorf("%s: a score of +65 written: error %v", format, err)
		}
	}
}

func TestColumnsNeedIncreasingIndices(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.games")
	h := GamesHeader{Seed: 5, RandomMin: 8, RandomMax: 12, Depth: 6, Selectivity: 73, Exact: 20, Eval: "simple", Shard: 1, Shards: 3,
		Format: 4}
	if err := WriteGames(path, h, nil); err != nil {
		t.Fatal(err)
	}
	if _, none, err := ReadGames(path); err != nil || len(none) != 0 {
		t.Errorf("an empty v4 file read as %d games (%v)", len(none), err)
	}
	want := scoredGames(2)
	backwards := []SelfPlayGame{want[1], want[0]}
	if err := WriteGames(path, h, backwards); err == nil || !strings.Contains(err.Error(), "want increasing indices") {
		t.Errorf("decreasing indices written in v4: error %v", err)
	}
}

func TestBadColumnsAreRefusedWithTheReason(t *testing.T) {
	head := GamesHeader{Seed: 1, RandomMin: 1, RandomMax: 1, Depth: 1, Exact: 1, Eval: "simple", Shards: 1, Format: 4}.String()
	games, _ := randomGames(1, 1)
	g := games[0]
	n := len(g.Moves)
	g.Random = n - 2 // two engine moves
	g.Scores = []int{5, -3}
	// raw builds a one-game stream: count, head, ranks, then the given score bytes.
	raw := func(count byte, scores ...byte) []byte {
		b := []byte{count, 0, byte(g.Random), byte(n), byte(g.Score + 64)}
		b, err := appendRanks(b, &g)
		if err != nil {
			t.Fatal(err)
		}
		return append(b, scores...)
	}
	good, err := appendColumns(nil, []SelfPlayGame{g})
	if err != nil {
		t.Fatal(err)
	}
	if want := raw(1, 5+64, 4); !bytes.Equal(good, want) { // zigzag(+2) = 4
		t.Fatalf("v4 bytes % x, want % x", good, want)
	}
	for name, c := range map[string]struct {
		data []byte
		want string
	}{
		"no count": {nil, "no game count: unexpected EOF"},
		"count":    {raw(2)[:5], "game 2 of the file: unexpected EOF"},
		"index":    {append(binary.AppendUvarint([]byte{1}, 1<<40), 0, 0, 64), "game 1 of the file: the game after game -1 skips 1099511627776 indices"},
		"rank":     {func() []byte { b := raw(1, 5+64, 4); b[5] = 40; return b }(), "game 1 of the file: game 0: move 1: rank 40"},
		"score":    {raw(1, 5+64, 4)[:5+n], "game 1 of the file: unexpected EOF"},
		"first":    {raw(1, 200, 4), "score +136"},
		"sum":      {raw(1, 5+64, 0xa0, 0x02), "move score sum +144"},
		"last":     {raw(1, 64+64, 1), "score -65"}, // +64, then a sum of -1
		"trailing": {raw(1, 5+64, 4, 0), "bytes after the last of 1 games"},
		"moves":    {[]byte{1, 0, 0, 61, 64}, "game 0: 61 moves, 0 random"},
		"random":   {[]byte{1, 0, 5, 4, 64}, "game 0: 4 moves, 5 random"},
	} {
		path := filepath.Join(t.TempDir(), "x.games")
		if err := os.WriteFile(path, gamesStream(t, head, c.data), 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err := ReadGames(path)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", name, err, c.want)
		}
	}
}

// gamesStream gzips a header line and raw game bytes as a games file.
func gamesStream(t *testing.T, header string, raw []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	z := gzip.NewWriter(&buf)
	z.Write([]byte(header + "\n"))
	z.Write(raw)
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func TestBadGamesFilesAreRefusedWithTheReason(t *testing.T) {
	head := GamesHeader{Seed: 1, RandomMin: 1, RandomMax: 1, Depth: 1, Exact: 1, Eval: "simple", Shards: 2, Format: 2}.String()
	games, _ := randomGames(2, 2)
	games[0].Random = len(games[0].Moves) - 2 // two engine moves, so two scores in a file with them
	scored := GamesHeader{Seed: 1, RandomMin: 1, RandomMax: 1, Depth: 1, Exact: 1, Eval: "simple", Shards: 2, Format: 3}.String()
	one, err := appendGame(nil, &games[0], false) // index 0
	if err != nil {
		t.Fatal(err)
	}
	two, _ := appendGame(nil, &games[1], false) // index 2
	n := len(games[0].Moves)
	withByte := func(at int, b byte) []byte {
		c := bytes.Clone(one)
		c[at] = b
		return c
	}
	for name, c := range map[string]struct {
		data []byte
		want string
	}{
		"not gzip":   {[]byte("# sable-selfplay v2 seed=1\n"), "x.games: not a self-play games file"},
		"old format": {gamesStream(t, "# sable-selfplay v1 seed=1 random=1-1 depth=1 exact=1 eval=simple shard=0/1", nil), "not a self-play games file"},
		"header":     {gamesStream(t, "# sable-selfplay v2 seed=x", nil), "bad header"},
		"mpc":        {gamesStream(t, head+" mpc=1,2,x,4", nil), `mpc: "x" is not a finite number`},
		"shard":      {gamesStream(t, head, withByte(0, 1)), "game 1 is not in shard 0/2"},
		"order":      {gamesStream(t, head, append(bytes.Clone(two), one...)), "game 0 after game 2"},
		"truncated":  {gamesStream(t, head, one[:len(one)-1]), "game 1 of the file: unexpected EOF"},
		"moves":      {gamesStream(t, head, withByte(2, 61)), "61 moves"},
		"random":     {gamesStream(t, head, withByte(1, byte(n+1))), "random"},
		"rank":       {gamesStream(t, head, withByte(3, 40)), "move 1: rank 40 among 4 legal moves"},
		"score":      {gamesStream(t, head, withByte(3+n, 129)), "score +65"},
		"move score": {gamesStream(t, scored, append(bytes.Clone(one), 0, 200)), "score +136"},
		"no scores":  {gamesStream(t, scored, one), "game 1 of the file: unexpected EOF"},
		// A few kB that would inflate to 2.5 MB of games.
		"bomb": {gamesStream(t, head, bytes.Repeat(one, 2_500_000/len(one))), "decompresses past 1048576 bytes"},
		"no header end": {func() []byte {
			var b bytes.Buffer
			z := gzip.NewWriter(&b)
			z.Write([]byte(head))
			z.Close()
			return b.Bytes()
		}(), "no header line"},
	} {
		path := filepath.Join(t.TempDir(), "x.games")
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		_, _, err := ReadGames(path)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want %q", name, err, c.want)
		}
	}
	if _, err := appendGame(nil, &SelfPlayGame{Moves: []int{0}}, false); err == nil || !strings.Contains(err.Error(), "illegal move a1") {
		t.Errorf("an illegal move is written: error %v", err)
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
