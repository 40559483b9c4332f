package bitboard

import (
	"errors"
	"strings"
	"testing"
)

func TestSquareNamesRoundTripInAnyCase(t *testing.T) {
	for s := 0; s < 64; s++ {
		name := SquareName(s)
		for _, in := range []string{name, strings.ToUpper(name)} {
			if got, err := ParseSquare(in); err != nil || got != s {
				t.Fatalf("ParseSquare(%q) = %d, %v; want %d", in, got, err, s)
			}
		}
	}
	if s, _ := ParseSquare("a1"); s != 0 {
		t.Error("a1 is the top-left corner, square 0")
	}
	if s, _ := ParseSquare("h8"); s != 63 {
		t.Error("h8 is square 63")
	}
	for _, bad := range []string{"", "i1", "a9", "a0", "a", "a10"} {
		if _, err := ParseSquare(bad); err == nil {
			t.Errorf("ParseSquare(%q) should fail", bad)
		}
	}
}

func TestParseMoveReadsSquaresAndPasses(t *testing.T) {
	tests := []struct {
		in   string
		want int
		bad  bool
	}{
		{"f5", 37, false}, {"F5", 37, false}, {"pa", PassMove, false}, {"PA", PassMove, false},
		{"ps", PassMove, false}, {"Pass", PassMove, false}, {"PASS", PassMove, false},
		{"--", 0, true}, {"i1", 0, true}, {"", 0, true}, {"f5 ", 0, true},
	}
	for _, tt := range tests {
		got, err := ParseMove(tt.in)
		if (err != nil) != tt.bad || (!tt.bad && got != tt.want) {
			t.Errorf("ParseMove(%q) = %d, %v", tt.in, got, err)
		}
	}
}

func TestTranscriptErrorsNameTokenAndPosition(t *testing.T) {
	moves, err := ParseTranscript("f5D6 c3pa")
	if err != nil || Transcript(moves) != "f5d6c3pa" {
		t.Fatalf("got %v %v", moves, err)
	}
	_, err = ParseTranscript("f5d6z3")
	if err == nil || !strings.Contains(err.Error(), `"z3"`) || !strings.Contains(err.Error(), "position 5") {
		t.Fatalf("error should name z3 at position 5: %v", err)
	}
	_, err = ParseTranscript("f5d")
	if err == nil || !strings.Contains(err.Error(), "position 3") {
		t.Fatalf("error should name position 3: %v", err)
	}
	_, err = Replay(NewGame(DefaultRules(Othello)), []int{sq(t, "f5"), sq(t, "a1")})
	if err == nil || !strings.Contains(err.Error(), "move 2") || !strings.Contains(err.Error(), "a1") {
		t.Fatalf("replay error should name move 2, a1: %v", err)
	}
}

func TestReplayInsertsImpliedPasses(t *testing.T) {
	// White to move with no move; Black has h8. Written without the pass.
	b, side := mustBoard(t, strings.Repeat("X", 62)+"O- O")
	pos, err := Replay(FromBoard(b, side, DefaultRules(Othello)), []int{sq(t, "h8")})
	if err != nil || !pos.GameOver() {
		t.Fatalf("implied pass: %v", err)
	}
	// And with the pass written.
	if _, err := Replay(FromBoard(b, side, DefaultRules(Othello)), []int{PassMove, sq(t, "h8")}); err != nil {
		t.Fatalf("written pass: %v", err)
	}
	// ReplayPlies writes the implied pass out, and a written one once.
	for _, moves := range [][]int{{sq(t, "h8")}, {PassMove, sq(t, "h8")}} {
		plies, pos, err := ReplayPlies(FromBoard(b, side, DefaultRules(Othello)), moves)
		if err != nil || !pos.GameOver() || len(plies) != 2 || plies[0] != PassMove || plies[1] != sq(t, "h8") {
			t.Fatalf("ReplayPlies(%v) = %v, %v", moves, plies, err)
		}
		// ReplayPositions gives the position before h8, Black to move
		// after the pass, then the end.
		start := FromBoard(b, side, DefaultRules(Othello))
		ps, err := ReplayPositions(start, moves)
		if err != nil || len(ps) != 2 || ps[0] != start.Pass() || !ps[1].GameOver() || ps[1] != pos {
			t.Fatalf("ReplayPositions(%v) = %v, %v", moves, ps, err)
		}
	}
	if ps, err := ReplayPositions(NewGame(DefaultRules(Othello)), []int{sq(t, "f5"), sq(t, "f5")}); err == nil || ps != nil ||
		err.Error() != "move 2: illegal move f5" {
		t.Fatalf("an illegal move: %v, %v; want no positions and the move named", ps, err)
	}
}

func TestBoardStringRoundTripAndErrors(t *testing.T) {
	const s = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
	b, side, err := ParseBoardString(s)
	if err != nil || BoardString(b, side) != s {
		t.Fatalf("round trip: %v %q", err, BoardString(b, side))
	}
	w, wside, err := ParseBoardString(strings.ReplaceAll(s[:64], "X", "*") + " O")
	if err != nil || wside != White || w.O != b.P || w.P != b.O {
		t.Fatalf("white to move: %v", err)
	}
	if _, _, err := ParseBoardString(s[:10] + "?" + s[11:]); err == nil || !strings.Contains(err.Error(), "position 11") {
		t.Fatalf("bad cell error: %v", err)
	}
	if _, _, err := ParseBoardString(s[:64]); err == nil {
		t.Fatal("missing side must fail")
	}
	if _, _, err := ParseBoardString(s[:60]); err == nil {
		t.Fatal("short board must fail")
	}
	if _, _, err := ParseBoardString(s[:64] + " Z"); err == nil || !strings.Contains(err.Error(), "position 66") {
		t.Fatalf("bad side error: %v", err)
	}
}

func TestParseOBFLine(t *testing.T) {
	l, err := ParseOBF("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12; A4:-22;")
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Scores) != 3 || l.Scores[0] != (MoveScore{sq(t, "g8"), 18}) || l.Scores[2].Score != -22 {
		t.Fatalf("scores %+v", l.Scores)
	}
	if best, ok := l.BestScore(); !ok || best != 18 {
		t.Fatalf("best %d", best)
	}
	_, err = ParseOBF("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; Q1:+3;")
	if err == nil || !strings.Contains(err.Error(), "column 77") {
		t.Fatalf("bad move error should give column 77: %v", err)
	}
}

func TestTranscriptErrorsGiveTheirPosition(t *testing.T) {
	for s, pos := range map[string]int{"f5 z9": 4, "f5d6c": 5, "f5-d6 x": 7} {
		_, err := ParseTranscript(s)
		var e *TranscriptError
		if !errors.As(err, &e) || e.Pos != pos {
			t.Errorf("ParseTranscript(%q): %v, want a TranscriptError at %d", s, err, pos)
		}
	}
}
