package bitboard

import (
	"strings"
	"testing"
)

func mustBoard(t *testing.T, s string) (Board, Color) {
	t.Helper()
	b, side, err := ParseBoardString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b, side
}

func sq(t *testing.T, name string) int {
	t.Helper()
	s, err := ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestWOFGivesEmptiesToWinnerButDiscsDoesNot(t *testing.T) {
	// 37 black, 24 white, 3 empty; neither side can move (no white disc is
	// next to an empty square in a flippable line: the empties are walled by black).
	cells := strings.Repeat("X", 37) + strings.Repeat("O", 24) + "---"
	b, side := mustBoard(t, cells+" X")
	pos := FromBoard(b, side, Rules{Scoring: WOF})
	if bk, wh := pos.FinalCounts(); bk != 40 || wh != 24 {
		t.Errorf("wof counts %d-%d, want 40-24", bk, wh)
	}
	if s := pos.Score(); s != 16 {
		t.Errorf("wof score %d, want 16", s)
	}
	pos.Rules.Scoring = Discs
	if bk, wh := pos.FinalCounts(); bk != 37 || wh != 24 {
		t.Errorf("discs counts %d-%d, want 37-24", bk, wh)
	}
	if s := pos.Score(); s != 13 {
		t.Errorf("discs score %d, want 13", s)
	}
	// From White's side the sign flips.
	if s := FinalScore(b.Pass(), WOF); s != -16 {
		t.Errorf("wof score for white %d, want -16", s)
	}
}

func TestWipeOutScores64To0AndDrawScores32All(t *testing.T) {
	b, side := mustBoard(t, strings.Repeat("X", 10)+strings.Repeat("-", 54)+" O")
	pos := FromBoard(b, side, DefaultRules(Othello))
	if !pos.GameOver() {
		t.Fatal("a wiped-out side and no move for either: game over")
	}
	if bk, wh := pos.FinalCounts(); bk != 64 || wh != 0 {
		t.Errorf("wipe-out counts %d-%d, want 64-0", bk, wh)
	}
	if s := pos.Score(); s != -64 {
		t.Errorf("wipe-out score for white %d, want -64", s)
	}
	b, side = mustBoard(t, strings.Repeat("XO", 16)+strings.Repeat("OX", 16)+" X")
	pos = FromBoard(b, side, DefaultRules(Othello))
	if bk, wh := pos.FinalCounts(); bk != 32 || wh != 32 || pos.Score() != 0 {
		t.Errorf("draw counts %d-%d score %d, want 32-32 and 0", bk, wh, pos.Score())
	}
}

func TestPassIsForcedAndNeverAChoice(t *testing.T) {
	pos := NewGame(DefaultRules(Othello))
	if pos.MustPass() {
		t.Fatal("start position: no pass")
	}
	if _, err := Replay(pos, []int{PassMove}); err == nil {
		t.Fatal("a pass while a move exists must be refused")
	}
}

func TestGameEndsWhenNeitherCanMove(t *testing.T) {
	pos := NewGame(DefaultRules(Othello))
	if pos.GameOver() {
		t.Fatal("the start is not over")
	}
	// The shortest game: 9 moves to a black wipe-out.
	moves, _ := ParseTranscript("e6f4e3f6g5d6e7f5c5")
	pos, err := Replay(NewGame(DefaultRules(Othello)), moves)
	if err != nil {
		t.Fatal(err)
	}
	if !pos.GameOver() || pos.Board.O != 0 && pos.Board.P != 0 {
		t.Fatalf("expected a wipe-out:\n%s", FormatBoard(pos))
	}
	if bk, wh := pos.FinalCounts(); bk != 64 || wh != 0 {
		t.Errorf("counts %d-%d, want 64-0", bk, wh)
	}
}

func TestClassicOpeningPlacesWithoutFlipsThenD6FlipsD5(t *testing.T) {
	pos := NewGame(DefaultRules(Classic))
	if pos.Board.P|pos.Board.O != 0 {
		t.Fatal("classic starts empty")
	}
	if pos.Moves() != centre {
		t.Fatalf("first classic moves %#x, want the four centre squares", pos.Moves())
	}
	for _, m := range []string{"d4", "d5", "e4", "e5"} { // black d4, white d5, black e4, white e5
		if !pos.Legal(sq(t, m)) {
			t.Fatalf("%s should be legal", m)
		}
		if pos.Flips(sq(t, m)) != 0 {
			t.Fatalf("%s flips during the opening", m)
		}
		pos = pos.Play(sq(t, m))
	}
	black, white := pos.BlackWhite()
	if black != Bit(SqD4)|Bit(SqE4) || white != Bit(SqD5)|Bit(SqE5) || pos.Side != Black {
		t.Fatalf("parallel set-up wrong:\n%s", FormatBoard(pos))
	}
	d6 := sq(t, "d6")
	if !pos.Legal(d6) || pos.Flips(d6) != Bit(SqD5) {
		t.Fatalf("black d6 should flip d5:\n%s", FormatBoard(pos))
	}
	if pos.Legal(sq(t, "a1")) {
		t.Fatal("after the opening a move must flip")
	}
}

func TestClassicPlayerWithoutDiscsCannotMove(t *testing.T) {
	// Black to move has a legal flip (a1 over b1 to c1) but has placed all 32 discs.
	b, side := mustBoard(t, "-OX"+strings.Repeat("-", 58)+"XXX X")
	pos := FromBoard(b, side, DefaultRules(Classic))
	if !pos.Legal(sq(t, "a1")) {
		t.Fatal("a1 should be legal with discs in hand")
	}
	pos.Placed[Black] = DiscsPerPlayer
	if pos.Moves() != 0 {
		t.Fatal("a player with no discs left cannot move")
	}
	if !pos.MustPass() {
		t.Fatal("black must pass while white can still play d1")
	}
	// Othello rules ignore the supply.
	pos.Rules = DefaultRules(Othello)
	if !pos.Legal(sq(t, "a1")) {
		t.Fatal("Othello has no disc supply")
	}
}

func TestParseRulesNames(t *testing.T) {
	if v, err := ParseVariant("Classic"); err != nil || v != Classic {
		t.Error("classic")
	}
	if _, err := ParseVariant("go"); err == nil {
		t.Error("go is not a rule set")
	}
	if s, err := ParseScoring("DISCS"); err != nil || s != Discs {
		t.Error("discs")
	}
	if _, err := ParseScoring("area"); err == nil {
		t.Error("area is not a scoring")
	}
}

func TestParseRulesTakesTheVariantsScoringUnlessGiven(t *testing.T) {
	for _, tc := range []struct {
		variant, scoring string
		want             Rules
	}{
		{"othello", "", Rules{Othello, WOF}},
		{"classic", "", Rules{Classic, Discs}},
		{"classic", "wof", Rules{Classic, WOF}},
		{"othello", "discs", Rules{Othello, Discs}},
	} {
		if r, err := ParseRules(tc.variant, tc.scoring); err != nil || r != tc.want {
			t.Errorf("ParseRules(%q, %q) = %+v, %v; want %+v", tc.variant, tc.scoring, r, err, tc.want)
		}
	}
	for _, bad := range [][2]string{{"chess", ""}, {"othello", "most"}} {
		if _, err := ParseRules(bad[0], bad[1]); err == nil {
			t.Errorf("ParseRules(%q, %q) accepted", bad[0], bad[1])
		}
	}
}
