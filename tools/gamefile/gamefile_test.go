package gamefile

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
	"github.com/sable-othello/sable/tools/dataset"
)

// game is game 2 of WTH_1990.wtb, 36-28 for Black, with White passing at
// move 58.
const game = "f5f6e6f4g5e7f7h5e3d3g4h4f3g6c4d7d6c6e8d8h3c5c3g3h6b4b3e2e1d2c2a3a5a4a2b5c8c7a6b6f8f1d1f2h2g7h8h7g8h1g1c1g2b2a1b1a7b7b8a8"

var othello = bitboard.DefaultRules(bitboard.Othello)

func moves(t *testing.T, transcript string) []int {
	t.Helper()
	m, err := bitboard.ParseTranscript(transcript)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func write(t *testing.T, dir, name string, data []byte) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// wtb returns a WTHOR file of the games, Black's disc count 36 each.
func wtb(t *testing.T, games ...[]int) []byte {
	data := make([]byte, 16, 16+68*len(games))
	binary.LittleEndian.PutUint32(data[4:], uint32(len(games)))
	data[12], data[14] = 8, 22
	for i, g := range games {
		rec := make([]byte, 68)
		binary.LittleEndian.PutUint16(rec[2:], uint16(2*i))
		binary.LittleEndian.PutUint16(rec[4:], uint16(2*i+1))
		rec[6], rec[7] = 36, 34
		for k, sq := range g {
			rec[8+k] = byte(10*(sq/8+1) + sq%8 + 1)
		}
		data = append(data, rec...)
	}
	return data
}

// selfPlayFile returns a self-play games file of the games.
func selfPlayFile(t *testing.T, games ...dataset.SelfPlayGame) []byte {
	path := filepath.Join(t.TempDir(), "sp.games")
	h := dataset.GamesHeader{Seed: 1, Depth: 1, Selectivity: 100, Eval: "simple", Shards: 1, Format: 2}
	if err := dataset.WriteGames(path, h, games); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func TestEveryFormatGivesTheSameGame(t *testing.T) {
	dir := t.TempDir()
	rec, err := record.ParseTranscript(game)
	if err != nil {
		t.Fatal(err)
	}
	rec.Players = [2]string{"Alice", "Bob"}
	rec.Result = record.Result{Over: true, Diff: 8}
	sp := filepath.Join(dir, "sp.games")
	h := dataset.GamesHeader{Seed: 1, RandomMin: 4, RandomMax: 4, Depth: 1, Selectivity: 100, Exact: 16, Eval: "simple", Shards: 1, Format: 2}
	if err := dataset.WriteGames(sp, h, []dataset.SelfPlayGame{{Index: 7, Random: 4, Moves: moves(t, game), Score: 8}}); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		path   string
		format Format
		want   Played
	}{
		{write(t, dir, "g.txt", []byte("# a comment\n\n"+game+"\n")), Transcripts, Played{Index: 1}},
		{write(t, dir, "g.ggf", []byte(rec.GGF()+"\n")), Records, Played{Index: 1, Players: rec.Players, Result: 8, HasResult: true}},
		{write(t, dir, "g.sgf", []byte(rec.SGF()+"\n")), Records, Played{Index: 1, Players: rec.Players, Result: 8, HasResult: true}},
		{write(t, dir, "g.wtb", wtb(t, moves(t, game))), WTHOR, Played{Index: 1, Players: [2]string{"player 0", "player 1"},
			Result: 8, HasResult: true, TheoreticalEmpties: 22, TheoreticalBlack: 4}},
		{sp, SelfPlay, Played{Index: 7, Result: 8, HasResult: true, Random: 4, PerfectFrom: 16}},
	} {
		f, err := Read(tc.path, othello)
		if err != nil {
			t.Fatalf("%s: %v", tc.path, err)
		}
		want := tc.want
		want.File, want.Start = tc.path, bitboard.NewGame(othello)
		if want.TheoreticalEmpties == 0 {
			want.TheoreticalEmpties = -1
		}
		if want.PerfectFrom == 0 {
			want.PerfectFrom = -1
		}
		if f.Format != tc.format || len(f.Games) != 1 || len(f.Bad) != 0 {
			t.Fatalf("%s: %v, %d games, bad %v; want one game of %v", tc.path, f.Format, len(f.Games), f.Bad, tc.format)
		}
		got := f.Games[0]
		ps, err := got.Positions()
		if err != nil || len(ps) != 61 || !ps[60].GameOver() {
			t.Errorf("%s: %d positions (%v), want the 60 before each move and the end", tc.path, len(ps), err)
		}
		got.Moves = slices.DeleteFunc(got.Moves, func(m int) bool { return m == bitboard.PassMove })
		if !slices.Equal(got.Moves, moves(t, game)) {
			t.Errorf("%s: moves %s", tc.path, bitboard.Transcript(got.Moves))
		}
		got.Moves, want.Moves = nil, nil
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: read %+v, want %+v", tc.path, got, want)
		}
	}
}

func TestBadGamesAreSetAsideNamingTheGame(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name string
		data []byte
		bad  string
	}{
		{"illegal.txt", []byte("f5d6c3\nf5f5\n"), "illegal.txt: game 2: move 2: illegal move f5"},
		{"illegal.wtb", wtb(t, moves(t, "f5d6c3"), moves(t, "a1")), "illegal.wtb: game 2: move 1: illegal move a1"},
		{"short.games", selfPlayFile(t, dataset.SelfPlayGame{Index: 0, Moves: moves(t, "f5d6")},
			dataset.SelfPlayGame{Index: 3, Moves: moves(t, game), Score: 8}), "short.games: game 0: not over after 2 moves"},
	} {
		f, err := Read(write(t, dir, tc.name, tc.data), othello)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(f.Games) != 1 || len(f.Bad) < 1 || !strings.HasSuffix(f.Bad[0].Error(), tc.bad) {
			t.Errorf("%s: %d games, bad %v; want one good game and %q", tc.name, len(f.Games), f.Bad, tc.bad)
		}
	}
}

func TestUnreadableFilesAreRefusedNamingLineAndColumn(t *testing.T) {
	dir := t.TempDir()
	rec, _ := record.ParseTranscript(game)
	good := rec.GGF()
	for _, tc := range []struct{ name, text, want string }{
		{"bad.ggf", good + "\n" + strings.Replace(good, "W[f6]", "W[z9]", 1), `bad.ggf:2:104: game 2: GGF W[z9]: move "z9": bad square`},
		{"go.sgf", "(;GM[1]SZ[19];B[aa])", `go.sgf:1:3: game 1: GM[1]: not an Othello game`},
		{"type.ggf", strings.Replace(good, "BO[", "TY[10]BO[", 1), `type.ggf: game 1: GGF TY[10]: only 8x8 Othello`},
		{"garbage.txt", "f5d6\nf5 zz\n", `garbage.txt:2:4: transcript: bad move "zz" at position 4`},
		{"cut.games", "\x1f\x8b\x08\x00", `cut.games: not a self-play games file: unexpected EOF`},
		{"short.wtb", "x", `short.wtb: header: 1 bytes, want 16`},
	} {
		_, err := Read(write(t, dir, tc.name, []byte(tc.text)), othello)
		if err == nil || !strings.HasSuffix(err.Error(), tc.want) && !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v; want %q", tc.name, err, tc.want)
		} else if n := strings.Count(err.Error(), tc.name); n != 1 {
			t.Errorf("%s: %v names the file %d times", tc.name, err, n)
		}
	}
}

func TestRecordsSayTheirRulesAndTranscriptsTakeTheGivenOnes(t *testing.T) {
	dir := t.TempDir()
	empty := strings.Repeat("-", 64)
	classic := write(t, dir, "classic.ggf", []byte("(;GM[Othello]PB[a]PW[b]TY[8]BO[8 "+empty+" *]B[d4]W[e4]B[e5]W[d5]B[f4];)\n"))
	// Nine moves, Black 13 discs to none, 51 squares empty: 13 under disc
	// scoring, 64 under WOF.
	wipeout := "BO[8 ---------------------------O*------*O--------------------------- *]B[d3]W[c3]B[b3]W[d2]B[e1]W[d6]B[d7]W[e3]B[f4]"
	discs := write(t, dir, "discs.ggf", []byte("(;GM[Othello]PB[a]PW[b]RE[+13.000]"+wipeout+";)"))
	wof := write(t, dir, "wof.ggf", []byte("(;GM[Othello]PB[a]PW[b]RE[+64.000]"+wipeout+";)"))
	lines := write(t, dir, "lines.txt", []byte("d4\n"))
	for path, want := range map[string]bitboard.Rules{
		classic: bitboard.DefaultRules(bitboard.Classic),
		discs:   {Variant: bitboard.Othello, Scoring: bitboard.Discs},
		wof:     {Variant: bitboard.Othello, Scoring: bitboard.WOF},
		lines:   bitboard.DefaultRules(bitboard.Classic),
	} {
		f, err := Read(path, bitboard.DefaultRules(bitboard.Classic))
		if path != lines && path != classic {
			f, err = Read(path, othello)
		}
		if err != nil || len(f.Games) != 1 || f.Games[0].Start.Rules != want {
			t.Errorf("%s: %+v, %v; want rules %+v", path, f, err, want)
		}
	}
	f, _ := Read(classic, othello)
	if _, err := f.Games[0].OthelloMoves(); err == nil {
		t.Error("a classic game passed for one from the Othello start")
	}
}

func TestADirectoryIsItsWTHORFilesWithThePlayersNamed(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "WTH_2001.wtb", wtb(t, moves(t, "f5d6")))
	write(t, dir, "WTH_2002.wtb", wtb(t, moves(t, "d3c5"), moves(t, "f5f6")))
	jou := make([]byte, 16+20*2)
	binary.LittleEndian.PutUint16(jou[8:], 2) // the players file's record count
	copy(jou[16:], "Anna")
	copy(jou[36:], "Ben")
	write(t, dir, "WTH.JOU", jou)
	f, err := Read(dir, othello)
	if err != nil || len(f.Games) != 3 || f.Format != WTHOR {
		t.Fatalf("%+v, %v; want the 3 games of both files", f, err)
	}
	if g := f.Games[2]; g.File != filepath.Join(dir, "WTH_2002.wtb") || g.Index != 2 || g.Players != [2]string{"player 2", "player 3"} {
		t.Errorf("the last game is %+v", g)
	}
	if p := f.Games[0].Players; p != [2]string{"Anna", "Ben"} {
		t.Errorf("players %q, want them named from WTH.JOU", p)
	}
}
