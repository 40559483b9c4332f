package bitboard

import (
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/sable-othello/sable/internal/lines"
)

const obfTestLine = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;"

func TestOBFReaderSkipsCommentsAndGoesOnAfterBadLines(t *testing.T) {
	in := "# comment\n\n% comment too\n" + obfTestLine + "\nnot obf\n" +
		strings.Repeat("-", lines.MaxBytes+1) + "\n  " + obfTestLine + "  \r\n"
	r := NewOBFReader(strings.NewReader(in))
	l, err := r.Next()
	if err != nil || r.Line() != 4 {
		t.Fatalf("first line: %v at line %d, want line 4", err, r.Line())
	}
	if best, ok := l.BestScore(); !ok || best != 18 {
		t.Errorf("best score %d %v, want 18", best, ok)
	}
	var le *OBFLineError
	if _, err := r.Next(); !errors.As(err, &le) || le.Line != 5 || !strings.HasPrefix(err.Error(), "line 5: ") {
		t.Errorf("bad line: got %v, want a line 5 error", err)
	}
	if _, err := r.Next(); !errors.As(err, &le) || le.Line != 6 || !errors.Is(err, lines.ErrTooLong) {
		t.Errorf("long line: got %v, want a line 6 ErrTooLong", err)
	}
	if _, err := r.Next(); err != nil || r.Line() != 7 {
		t.Errorf("last line: %v at line %d, want line 7", err, r.Line())
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after the last line: %v, want io.EOF", err)
	}
}

func TestReadOBFFailsOnTheFirstBadLine(t *testing.T) {
	got, err := ReadOBF(strings.NewReader("# c\n" + obfTestLine + "\n" + obfTestLine + "\n"))
	if err != nil || len(got) != 2 {
		t.Fatalf("got %d lines, %v; want 2", len(got), err)
	}
	_, err = ReadOBF(strings.NewReader(obfTestLine + "\n" + obfTestLine[:70] + "\n"))
	var le *OBFLineError
	if !errors.As(err, &le) || le.Line != 2 {
		t.Errorf("got %v, want an error on line 2", err)
	}
}
