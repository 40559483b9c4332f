package labcmd

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

// reviewGame is game 2 of WTH_1990.wtb, 36-28 for Black, with White
// passing at move 58.
const reviewGame = "f5f6e6f4g5e7f7h5e3d3g4h4f3g6c4d7d6c6e8d8h3c5c3g3h6b4b3e2e1d2c2a3a5a4a2b5c8c7a6b6f8f1d1f2h2g7h8h7g8h1g1c1g2b2a1b1a7b7b8a8"

// reviewArgs review quickly: shallow searches, exact from 10 empties.
var reviewArgs = []string{"--level", "2", "--exact", "10"}

// privateCache gives the test its own user cache directory, where sable
// review keeps its checkpoints when no --out or --checkpoint names one.
func privateCache(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
}

// wtbFile returns a WTHOR file holding the game of a transcript.
func wtbFile(t *testing.T, transcript string) []byte {
	t.Helper()
	moves, err := bitboard.ParseTranscript(transcript)
	if err != nil {
		t.Fatal(err)
	}
	data := make([]byte, 16+68)
	binary.LittleEndian.PutUint32(data[4:], 1)
	data[12] = 8
	data[14] = 22
	data[16+6] = 36
	for i, sq := range moves {
		data[16+8+i] = byte(10*(sq/8+1) + sq%8 + 1)
	}
	return data
}

// moveRows returns the rows of the move tables in a review's output.
func moveRows(out string) []string {
	var rows []string
	for _, line := range strings.Split(out, "\n") {
		if f := strings.Fields(line); len(f) > 0 && f[0] >= "0" && f[0] <= "9999" && f[0][0] >= '0' && f[0][0] <= '9' {
			rows = append(rows, line)
		}
	}
	return rows
}

func TestReviewGivesTheSameTableInEveryFormat(t *testing.T) {
	privateCache(t)
	dir := t.TempDir()
	rec, err := record.ParseTranscript(reviewGame)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{
		"game.txt": []byte("# one game\n" + reviewGame + "\n"),
		"game.ggf": []byte(rec.GGF() + "\n"),
		"game.sgf": []byte(rec.SGF() + "\n"),
		"game.wtb": wtbFile(t, reviewGame),
	}
	var want []string
	for _, name := range []string{"game.txt", "game.ggf", "game.sgf", "game.wtb"} {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, files[name], 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runTool(t, append(append([]string{"review"}, reviewArgs...), path)...)
		if code != 0 {
			t.Fatalf("sable review %s: exit %d\n%s", name, code, errOut)
		}
		rows := moveRows(out)
		if len(rows) != 60 {
			t.Fatalf("%s: %d move rows, want 60:\n%s", name, len(rows), out)
		}
		if want == nil {
			want = rows
			continue
		}
		for i := range rows {
			if rows[i] != want[i] {
				t.Errorf("%s: row %d is\n%s\nnot, as from the transcript,\n%s", name, i+1, rows[i], want[i])
				break
			}
		}
	}
}

func TestReviewRefusesBadRecordsNamingLineAndColumn(t *testing.T) {
	privateCache(t)
	dir := t.TempDir()
	rec, err := record.ParseTranscript(reviewGame)
	if err != nil {
		t.Fatal(err)
	}
	good := rec.GGF()
	tests := []struct{ name, text, want string }{
		{"bad.ggf", good + "\n" + strings.Replace(good, "W[f6]", "W[z9]", 1), `bad.ggf:2:104: game 2: GGF W[z9]: move "z9": bad square`},
		{"cut.ggf", good + "\n(;GM[Othello]PB[x]\nBO[8 ", `cut.ggf:3:3: game 2: game record at byte`},
		{"go.sgf", "(;GM[1]SZ[19];B[aa])", `go.sgf:1:3: game 1: GM[1]: not an Othello game`},
		{"size.sgf", "(;GM[2]\nSZ[10];B[aa])", `size.sgf:2:1: game 1: SGF SZ[10]: board size must be 8`},
		{"type.ggf", strings.Replace(good, "BO[", "TY[10]BO[", 1), `game 1: GGF TY[10]: only 8x8 Othello`},
		{"illegal.txt", "f5d6c3\nf5f5\n", `illegal.txt: game 2: move 2: illegal move f5`},
		{"garbage.txt", "f5d6\nf5 zz\n", `garbage.txt:2:4: transcript: bad move "zz" at position 4`},
	}
	for _, tc := range tests {
		path := filepath.Join(dir, tc.name)
		if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := runTool(t, append(append([]string{"review"}, reviewArgs...), path)...)
		if code != 1 || out != "" || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d, stdout %.80q, stderr %q; want exit 1 and %q", tc.name, code, out, errOut, tc.want)
		}
	}
}

func TestReviewSummaryOfShardsEqualsOneRun(t *testing.T) {
	privateCache(t)
	dir := t.TempDir()
	var ggf strings.Builder
	for i, transcript := range []string{reviewGame, "f5f6e6f4g5e7f7h5e3d3g4h4f3g6c4d2e2c2c3c6g3b4h3h2c5f1e1d7d6c7d1c1f2f8b5b3a4a3b6a6a5g1b7b8c8d8e8g2a8a7g8h1a2b2b1a1h6h7h8g7"} {
		rec, err := record.ParseTranscript(transcript)
		if err != nil {
			t.Fatal(err)
		}
		rec.Players = [2]string{"Alice", "Bob"}
		if i == 1 {
			rec.Players = [2]string{"Bob", "Alice"}
		}
		ggf.WriteString(rec.GGF() + "\n")
	}
	results := filepath.Join(dir, "results.ggf")
	if err := os.WriteFile(results, []byte(ggf.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	review := func(args ...string) string {
		t.Helper()
		code, out, errOut := runTool(t, append(append([]string{"review"}, reviewArgs...), args...)...)
		if code != 0 {
			t.Fatalf("sable review %s: exit %d\n%s", strings.Join(args, " "), code, errOut)
		}
		return out
	}
	want := review("--summary", results)
	for _, name := range []string{"Alice", "Bob"} {
		if !strings.Contains(want, "\n"+name) && !strings.Contains(want, " "+name+" ") {
			t.Errorf("the summary lacks %s:\n%s", name, want)
		}
	}
	p0, p1 := filepath.Join(dir, "p0.json"), filepath.Join(dir, "p1.json")
	review("--shard", "0/2", "--out", p0, results)
	review("--shard", "1/2", "--out", p1, results)
	if got := review("--merge", "--summary", p0, p1); got != want {
		t.Errorf("merged shards summarise as\n%s\nnot, as one run,\n%s", got, want)
	}
}

func TestReviewTakesClassicRulesFromAnEmptyStart(t *testing.T) {
	privateCache(t)
	path := filepath.Join(t.TempDir(), "classic.ggf")
	empty := strings.Repeat("-", 64)
	text := "(;GM[Othello]PB[a]PW[b]TY[8]BO[8 " + empty + " *]B[d4]W[e4]B[e5]W[d5]B[f4];)\n"
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runTool(t, append(append([]string{"review"}, reviewArgs...), path)...)
	if code != 0 || !strings.Contains(out, "classic rules, discs scoring") || len(moveRows(out)) != 5 {
		t.Errorf("exit %d, stdout\n%s\nstderr %s; want five moves under classic rules", code, out, errOut)
	}
}

func TestReviewWritesPlotAndPage(t *testing.T) {
	privateCache(t)
	dir := t.TempDir()
	game := filepath.Join(dir, "game.txt")
	if err := os.WriteFile(game, []byte(reviewGame+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	plot, page := filepath.Join(dir, "game.svg"), filepath.Join(dir, "game.html")
	code, _, errOut := runTool(t, append(append([]string{"review"}, reviewArgs...), "--plot", plot, "--html", page, game)...)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for path, start := range map[string]string{plot: "<?xml", page: "<!DOCTYPE html>"} {
		data, err := os.ReadFile(path)
		if err != nil || !strings.HasPrefix(string(data), start) {
			t.Errorf("%s: %v, starts %.20q; want %q", path, err, data, start)
		}
	}
	if code, _, errOut := runTool(t, "review", "--plot", "x.gif", game); code != 2 || !strings.Contains(errOut, ".svg or .png") {
		t.Errorf("--plot x.gif: exit %d, %s", code, errOut)
	}
}

func TestReviewTakesTheScoringFromTheResult(t *testing.T) {
	privateCache(t)
	// The game ends after nine moves, Black 13 discs to none, 51 squares
	// empty: 13 under disc scoring, 64 under WOF.
	const wipeout = "B[d3]W[c3]B[b3]W[d2]B[e1]W[d6]B[d7]W[e3]B[f4]"
	start := "BO[8 ---------------------------O*------*O--------------------------- *]"
	for result, want := range map[string]string{"+13.000": "discs scoring", "+64.000": "wof scoring", "?": "discs scoring"} {
		path := filepath.Join(t.TempDir(), "wipeout.ggf")
		text := "(;GM[Othello]PB[a]PW[b]RE[" + result + "]" + start + wipeout + ";)"
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		// Without a result, the flag decides.
		code, out, errOut := runTool(t, append(append([]string{"review", "--scoring", "discs"}, reviewArgs...), path)...)
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("RE[%s]: exit %d, stdout\n%s\nstderr %s; want %s", result, code, out, errOut, want)
		}
	}
}

func TestFinishedReviewLeavesNoCheckpointInTheUserCache(t *testing.T) {
	privateCache(t)
	path := filepath.Join(t.TempDir(), "game.txt")
	if err := os.WriteFile(path, []byte(reviewGame+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runTool(t, append(append([]string{"review"}, reviewArgs...), path)...); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	left, err := filepath.Glob(filepath.Join(os.Getenv("XDG_CACHE_HOME"), "sable", "review-*.json"))
	if err != nil || len(left) != 0 {
		t.Errorf("a finished review left %q (%v) in the cache", left, err)
	}
}
