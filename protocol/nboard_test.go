package protocol

import (
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/search"
)

func TestNBoardHintDepthMarksSolvedValues(t *testing.T) {
	for _, c := range []struct {
		info search.Info
		want string
	}{
		{search.Info{Depth: 12}, "12"},
		{search.Info{Depth: 20, Exact: true}, "100%"},
		{search.Info{Depth: 22, WLD: true}, "100%W"},
	} {
		if got := nboardDepth(c.info); got != c.want {
			t.Errorf("%+v: depth %q, want %q", c.info, got, c.want)
		}
	}
}

func TestNBoardWritesMovesPVsAndEvals(t *testing.T) {
	pv := []int{sq(t, "f5"), bitboard.PassMove, sq(t, "c3")}
	if got := nboardPV(pv); got != "F5-PA-C3" {
		t.Errorf("PV %q", got)
	}
	if got := hintLine(search.Info{PV: pv, Score: -3, Depth: 4}); got != "search F5-PA-C3 -3.00 0 4\n" {
		t.Errorf("hint line %q", got)
	}
	if signed(2)+signed(0)+signed(-4) != "+20-4" {
		t.Error("signed scores")
	}
	if gtpMove(bitboard.PassMove) != "PASS" || gtpMove(sq(t, "h8")) != "H8" {
		t.Error("GTP moves are upper case, as GNU Go's, pass is PASS")
	}
}
