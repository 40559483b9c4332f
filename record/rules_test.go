package record

import (
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

func TestRecordSaysItsRulesWhereItCan(t *testing.T) {
	othello, classic := bitboard.DefaultRules(bitboard.Othello), bitboard.DefaultRules(bitboard.Classic)
	empty := strings.Repeat("-", 64)
	// d3 c3 b3 d2 e1 d6 d7 e3 f4 wipes White out with 51 empties: 13-0 on
	// the board, 64-0 under WOF.
	wipe := "B[d3]W[c3]B[b3]W[d2]B[e1]W[d6]B[d7]W[e3]B[f4]"
	tests := []struct {
		name, ggf string
		def, want bitboard.Rules
	}{
		{"classic from its empty board", "BO[8 " + empty + " *]B[d4]W[d5]", othello, classic},
		{"Othello start", "BO[8 " + startCells + " *]B[f5]", othello, othello},
		{"a wipe-out scored by discs", "RE[+13]BO[8 " + startCells + " *]" + wipe, othello, bitboard.Rules{Variant: bitboard.Othello, Scoring: bitboard.Discs}},
		{"a wipe-out scored by WOF", "RE[+64]BO[8 " + startCells + " *]" + wipe, bitboard.Rules{Variant: bitboard.Othello, Scoring: bitboard.Discs}, othello},
		{"a result that fits neither", "RE[+2]BO[8 " + startCells + " *]" + wipe, othello, othello},
	}
	for _, tc := range tests {
		g, err := ParseGGF("(;GM[Othello]" + tc.ggf + ";)")
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := g.Rules(tc.def); got != tc.want {
			t.Errorf("%s: %+v, want %+v", tc.name, got, tc.want)
		}
	}
}
