package record

import (
	"errors"
	"strings"
	"testing"
)

func TestErrorsNameLineAndColumn(t *testing.T) {
	ggf := "(;GM[Othello]PB[a]PW[b]\nTY[8]BO[8 " + startCells + " *]\n  B[f5]W[z9];)"
	sgf := "(;GM[2]SZ[8]\n;B[f5]\n;W[f6]\n;B[e6 ;W[f4])"
	tests := []struct {
		name, text   string
		parse        func(string) (*Record, error)
		line, column int
		message      string
	}{
		{"GGF bad move", ggf, ParseGGF, 3, 8, "GGF W[z9]"},
		{"GGF via Parse", ggf, Parse, 3, 8, "GGF W[z9]"},
		{"SGF bad move", sgf, ParseSGF, 4, 2, "SGF B[e6 ;W[f4]"},
		{"SGF unterminated value", "(;GM[2]\n;B[f5", ParseSGF, 2, 3, "unterminated value"},
		{"unknown game", "\n\n(;GM[1]SZ[19];B[aa])", Parse, 3, 3, "GM[1]: not an Othello game"},
		{"unterminated tree", "(;GM[2]\n;B[f5]", Parse, 2, 7, "missing ')'"},
	}
	for _, tc := range tests {
		_, err := tc.parse(tc.text)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s: error %v has no place", tc.name, err)
			continue
		}
		if e.Line != tc.line || e.Column != tc.column || !strings.Contains(err.Error(), tc.message) {
			t.Errorf("%s: %v at line %d, column %d; want %q at line %d, column %d",
				tc.name, err, e.Line, e.Column, tc.message, tc.line, tc.column)
		}
	}
}

func TestParseAllReadsEveryGame(t *testing.T) {
	line := func(black, moves string) string {
		return "(;GM[Othello]PB[" + black + "]PW[w]TY[8]BO[8 " + startCells + " *]" + moves + ";)\n"
	}
	text := "3 " + line("one", "B[f5]") + line("two", "B[f5]W[d6]") + "(;GM[2]PB[three];B[f5];W[f6])"
	games, err := ParseAll(text)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, g := range games {
		names = append(names, g.Players[0]+":"+g.Transcript())
	}
	if got := strings.Join(names, " "); got != "one:f5 two:f5d6 three:f5f6" {
		t.Errorf("ParseAll read %s", got)
	}
	_, err = ParseAll(line("one", "B[f5]") + line("two", "B[f5]W[i9]"))
	var e *Error
	if !errors.As(err, &e) || e.Line != 2 || !strings.HasPrefix(err.Error(), "game 2: GGF W[i9]") {
		t.Errorf("bad second game: %v (%+v)", err, e)
	}
	if _, err := ParseAll("f5d6"); err == nil {
		t.Error("ParseAll of a transcript: no error")
	}
}
