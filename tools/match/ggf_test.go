package match

import (
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

func TestGGFRecordReadsBackWhatResumingNeeds(t *testing.T) {
	rec := gameRecord{
		index:  17,
		names:  [2]string{"sable", "rhino"},
		clocks: [2]TimeControl{{Time: 300 * time.Second, Increment: 2 * time.Second}, {Moves: 1, Time: time.Second}},
		start:  bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)),
		moves: []recordedMove{{square: 37}, {square: 43, eval: "-1.00", elapsed: 1250 * time.Millisecond},
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

func TestParseGGFRejectsMalformedRecords(t *testing.T) {
	tests := []struct{ line, err string }{
		{"GM[Othello]", "not a GGF game"},
		{"(;GM[Othello;)", "malformed property"},
		{"(;GN[1]PB[a]PW[b];)", "without game number (GN) or result (RE)"},
		{"(;GN[x]RE[+2.000];)", "GN[x]"},
		{"(;GN[1]RE[+2.000:q];)", `unknown result suffix "q"`},
		{"(;GN[1]RE[win];)", "result is not a number"},
		{"(;GN[1]RE[0]B[z9];)", "B[z9]"},
	}
	for _, tt := range tests {
		if _, err := parseGGF(tt.line); err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("parseGGF(%q) error %v, want one with %q", tt.line, err, tt.err)
		}
	}
}
