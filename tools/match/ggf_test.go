package match

import (
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

func TestGGFRecordReadsBackWhatResumingNeeds(t *testing.T) {
	rec := gameRecord{
		index:  17,
		names:  [2]string{"sable", "rhino"},
		clocks: [2]record.TimeControl{{Main: 300 * time.Second, Increment: 2 * time.Second}, {Moves: 1, Main: time.Second}},
		start:  bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)),
		moves: []recordedMove{{square: 37}, {square: 43, eval: -1, evaluated: true, elapsed: 1250 * time.Millisecond},
			{square: bitboard.PassMove}},
		done: true, diff: -64, forfeit: 't',
		date: time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	}
	line := rec.ggf()
	want := "(;GM[Othello]PC[sable match]DT[2026.01.02_03:04:05.UTC]GN[17]PB[sable]PW[rhino]RE[-64.000:t]TB[300/2]TY[8]" +
		"BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6/-1.00/1.25]B[PA];)"
	if line != want {
		t.Fatalf("ggf:\n%s\nwant\n%s", line, want)
	}
	got, err := parseGGF(line)
	if err != nil {
		t.Fatal(err)
	}
	if got.index != 17 || got.names != rec.names || got.diff != -64 || got.forfeit != 't' || len(got.moves) != 3 ||
		got.moves[1].square != 43 || got.moves[2].square != bitboard.PassMove || got.loser() != bitboard.Black {
		t.Errorf("read back %+v", got)
	}
}

func TestGGFTimesAreWrittenToTheMillisecond(t *testing.T) {
	// Written through Duration.Seconds, 1.824 s came out as
	// W[f4//1.8239999999999998].
	rec := gameRecord{index: 0, start: bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)),
		moves: []recordedMove{{square: 37, elapsed: 1824 * time.Millisecond}, {square: 29, elapsed: 1234567 * time.Microsecond}}}
	if line := rec.ggf(); !strings.Contains(line, "B[f5//1.824]W[f4//1.235]") {
		t.Fatalf("ggf %s: want times to the millisecond, B[f5//1.824]W[f4//1.235]", line)
	}
}

func TestEngineNamesWithBracketsAndBackslashesReadBack(t *testing.T) {
	rec := gameRecord{index: 3, names: [2]string{`edax [level 10]`, `C:\engines\x]`},
		start: bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), done: true, diff: 2}
	got, err := parseGGF(rec.ggf())
	if err != nil || got.names != rec.names {
		t.Fatalf("%s read back as %q, %v", rec.ggf(), got.names, err)
	}
}

func TestParseGGFRejectsMalformedRecords(t *testing.T) {
	const bo = "BO[8 ---------------------------O*------*O--------------------------- *]"
	tests := []struct{ line, err string }{
		{"GM[Othello]", "no game tree"},
		{"(;GM[Othello;)", "missing ']'"},
		{"(;GN[1]PB[a]PW[b]" + bo + ";)", "without game number (GN) or result (RE)"},
		{"(;GN[x]RE[+2.000]" + bo + ";)", "GN[x]"},
		{"(;GN[1]RE[+2.000:q]" + bo + ";)", `unknown result suffix "q"`},
		{"(;GN[1]RE[win]" + bo + ";)", "result is not a number"},
		{"(;GN[1]RE[0]" + bo + "B[z9];)", "B[z9]"},
	}
	for _, tt := range tests {
		if _, err := parseGGF(tt.line); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("parseGGF(%q) error %v, want one with %q", tt.line, err, tt.err)
		}
	}
}
