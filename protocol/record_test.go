package protocol

import (
	"os"
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

const startCells = "---------------------------O*------*O---------------------------"

func TestGGFFromNBoardGivesBoardMovesAndClock(t *testing.T) {
	text, err := os.ReadFile("testdata/nboard-example.ggf")
	if err != nil {
		t.Fatal(err)
	}
	rec, err := ParseGGF(string(text))
	if err != nil {
		t.Fatal(err)
	}
	if rec.Setup == nil || rec.Setup.Board != bitboard.Start() || rec.Setup.Side != bitboard.Black {
		t.Fatalf("BO should be the standard start, Black to move: %+v", rec.Setup)
	}
	if len(rec.Moves) != 8 || rec.Moves[0].Move != sq(t, "f5") || rec.Moves[7].Side != bitboard.White {
		t.Fatalf("moves: %+v", rec.Moves)
	}
	if rec.Clocks[bitboard.Black].Main != 15*time.Minute || rec.Clocks[bitboard.White].Main != 15*time.Minute {
		t.Fatalf("TI[15:00] should give both 15 minutes: %+v", rec.Clocks)
	}
	if rec.Black != "./mEdax" || rec.White != "chris" {
		t.Fatalf("players %q %q", rec.Black, rec.White)
	}
}

func TestGGFMoveItemsCarryEvalTimeAndPasses(t *testing.T) {
	rec, err := ParseGGF("1 (;gm[othello]bo[8 " + startCells + " *]B[d3//1.5]W[c5/-0.5/1:02]B[pa];)")
	if err != nil {
		t.Fatal(err)
	}
	m := rec.Moves
	if m[0].Time != 1500*time.Millisecond || m[1].Eval != -0.5 || m[1].Time != 62*time.Second || m[2].Move != bitboard.PassMove {
		t.Fatalf("move items: %+v", m)
	}
}

func TestGGFClocksPerColourAndExtension(t *testing.T) {
	rec, err := ParseGGF("(;GM[Othello]BO[8 " + startCells + " *]TB[1:00:00/5/2:00]TW[30,N];)")
	if err != nil {
		t.Fatal(err)
	}
	want := [2]TimeControl{{Main: time.Hour, Increment: 5 * time.Second, Extension: 2 * time.Minute}, {Main: 30 * time.Second}}
	if rec.Clocks != want {
		t.Fatalf("clocks %+v, want %+v", rec.Clocks, want)
	}
}

func TestMalformedGGFIsRejectedWithTheBadProperty(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"(;GM[Chess]BO[8 " + startCells + " *];)", "GM[Chess]"},
		{"(;GM[Othello]BO[10 " + startCells + " *];)", "BO[10"},
		{"(;GM[Othello]BO[8 " + startCells + " Z];)", "side to move"},
		{"(;GM[Othello]BO[8 " + strings.Replace(startCells, "-", "?", 1) + " *];)", `bad cell '?' at a1`},
		{"(;GM[Othello]BO[8 " + startCells + " *]B[k9];)", `B[k9]`},
		{"(;GM[Othello]BO[8 " + startCells + " *]TI[1:xx];)", `TI[1:xx]`},
		{"(;GM[Othello]PB[x];)", "no BO[] board"},
		{"(;GM[Othello]BO[8 " + startCells + " *]B[d3", "missing ']'"},
		{"(;GM[Othello]BO[8 " + startCells + " *]B;)", "property B has no value"},
		{"no tree", "missing '('"},
	} {
		_, err := ParseGGF(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseGGF(%.40q...): error %v, want it to mention %q", c.text, err, c.want)
		}
	}
}

func TestSGFMainLineWithBothPointStyles(t *testing.T) {
	rec, err := ParseRecord("(;GM[2]SZ[8];B[f5];W[fd](;B[e3];W[f2])(;B[c3]))")
	if err != nil {
		t.Fatal(err)
	}
	if got := transcriptOf(rec.Moves); got != "f5f4e3f2" {
		t.Fatalf("main line %s, want f5f4e3f2", got)
	}
	if rec.Setup != nil {
		t.Fatal("no setup property: the game starts from the rules' start")
	}
}

func TestSGFSetupDescribesTheWholeBoard(t *testing.T) {
	rec, err := ParseSGF("(;GM[2]AB[aa:ba]AW[ca]PL[W];W[pass])")
	if err != nil {
		t.Fatal(err)
	}
	s := rec.Setup
	want := bitboard.Board{P: bitboard.Bit(2), O: bitboard.Bit(0) | bitboard.Bit(1)}
	if s == nil || s.Side != bitboard.White || s.Board != want {
		t.Fatalf("setup %+v, want a1 b1 black, c1 white, White to move", s)
	}
	if rec.Moves[0].Move != bitboard.PassMove {
		t.Fatal("W[pass] is a pass")
	}
}

func TestSGFThatIsNotOthelloIsRejected(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"(;GM[1]SZ[19];B[dd])", "GM[1]"},
		{"(;GM[2]SZ[10];B[f5])", "SZ[10]"},
		{"(;GM[2];B[f5];AB[a1])", "setup after the first move"},
		{"(;GM[2];B[z5])", "B[z5]"},
		{"(;GM[2](;B[f5]);W[d6])", "node after a variation"},
		{"(;GM[2]" + strings.Repeat("(;B[f5]", 300) + strings.Repeat(")", 301), "nested deeper"},
	} {
		_, err := ParseRecord(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseRecord(%.40q...): error %v, want it to mention %q", c.text, err, c.want)
		}
	}
}

func TestRecordFormatIsChosenByItsGameProperty(t *testing.T) {
	ggf, err := ParseRecord("(;GM[Othello]BO[8 " + startCells + " O];)")
	if err != nil || ggf.Setup.Side != bitboard.White {
		t.Fatalf("GGF: %v", err)
	}
	if _, err := ParseRecord("(;BO[8 " + startCells + " *];)"); err != nil {
		t.Fatalf("a record with BO and no GM is GGF: %v", err)
	}
}

func transcriptOf(plies []Ply) string {
	moves := make([]int, len(plies))
	for i, p := range plies {
		moves[i] = p.Move
	}
	return bitboard.Transcript(moves)
}
