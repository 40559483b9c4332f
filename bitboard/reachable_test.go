package bitboard

import (
	"strings"
	"testing"
)

func TestReachableRefusesPositionsNoGameReaches(t *testing.T) {
	othello, classic := DefaultRules(Othello), DefaultRules(Classic)
	board := func(s string) Board {
		b, _, err := ParseBoardString(s + " X")
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	// After f5 d6 c3 d3 c4: five moves from the start.
	played, err := Replay(NewGame(othello), []int{37, 43, 18, 19, 26})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		pos  Position
		want string // "" when reachable
	}{
		{"othello start", NewGame(othello), ""},
		{"after five moves", played, ""},
		{"classic empty board", NewGame(classic), ""},
		{"classic after two placements", FromBoard(Board{P: Bit(SqD4), O: Bit(SqE5)}, Black, classic), ""},
		{"classic placement outside the centre", FromBoard(Board{P: Bit(0)}, White, classic), "a1 is filled before the centre"},
		{"empty othello board", FromBoard(Board{}, Black, othello), "d4 is empty"},
		{"centre square empty", FromBoard(board(strings.Repeat("-", 27)+"-X------XO"+strings.Repeat("-", 27)), Black, othello), "d4 is empty"},
		{"disc cut off from the others", FromBoard(board("X"+strings.Repeat("-", 26)+"OX------XO"+strings.Repeat("-", 27)), Black, othello),
			"the disc on a1 touches no path"},
		{"full board", FromBoard(board(strings.Repeat("XO", 32)), White, othello), ""},
	}
	for _, tc := range tests {
		err := Reachable(tc.pos)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: refused: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
			t.Errorf("%s: error %v, want one saying %q", tc.name, err, tc.want)
		}
	}
}
