package match

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

func TestResultsFileAppendsWholeLinesAndDropsACutOffOne(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.ggf")
	if games, dropped, err := readResults(path); games != nil || dropped != 0 || err != nil {
		t.Fatalf("a missing file should hold no games: %v %d %v", games, dropped, err)
	}
	out, err := openResults(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		rec := gameRecord{index: i, names: [2]string{"a", "b"}, start: bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), done: true, diff: i}
		if err := out.append(&rec); err != nil {
			t.Fatal(err)
		}
	}
	out.close()
	f, _ := os.OpenFile(path, os.O_APPEND|os.O_WRONLY, 0)
	f.WriteString("(;GM[Othello]GN[3]PB[a")
	f.Close()

	games, dropped, err := readResults(path)
	if err != nil || len(games) != 3 || dropped != len("(;GM[Othello]GN[3]PB[a") || games[2].diff != 2 {
		t.Fatalf("got %d games, dropped %d, %v", len(games), dropped, err)
	}
	data, _ := os.ReadFile(path)
	if strings.Count(string(data), "\n") != 3 || !strings.HasSuffix(string(data), ";)\n") {
		t.Errorf("the cut-off line was not removed:\n%s", data)
	}
}

func TestReadResultsNamesTheBadLine(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r.ggf")
	const bo = "BO[8 ---------------------------O*------*O--------------------------- *]"
	os.WriteFile(path, []byte("(;GN[0]RE[+2.000]"+bo+";)\n(;GN[1]RE[oops]"+bo+";)\n"), 0o644)
	if _, _, err := readResults(path); err == nil || !strings.Contains(err.Error(), "r.ggf:2: GGF RE[oops]") {
		t.Errorf("got %v, want the file and line named", err)
	}
}
