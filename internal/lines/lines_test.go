package lines

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestAnOverLongLineIsReportedAndReadingGoesOn(t *testing.T) {
	in := "first\r\n" + strings.Repeat("x", 200) + "\n" + strings.Repeat("y", 100) + "\n\nlast"
	r := NewReader(strings.NewReader(in), 100)
	type got struct {
		line int
		text string
		long bool
	}
	var all []got
	for {
		s, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil && !errors.Is(err, ErrTooLong) {
			t.Fatal(err)
		}
		all = append(all, got{r.Line(), s, errors.Is(err, ErrTooLong)})
	}
	want := []got{{1, "first", false}, {2, strings.Repeat("x", 100), true}, {3, strings.Repeat("y", 100), false}, {4, "", false}, {5, "last", false}}
	if len(all) != len(want) {
		t.Fatalf("got %d lines, want %d: %v", len(all), len(want), all)
	}
	for i := range want {
		if all[i] != want[i] {
			t.Errorf("line %d: got %+v, want %+v", i+1, all[i], want[i])
		}
	}
}

func TestAnOverLongLastLineWithoutNewlineIsReported(t *testing.T) {
	// Longer than the bufio buffer too, so that it arrives in pieces.
	r := NewReader(strings.NewReader("ok\n"+strings.Repeat("z", 200<<10)), 100<<10)
	if s, err := r.Next(); s != "ok" || err != nil {
		t.Fatalf("first line %q, %v", s, err)
	}
	if s, err := r.Next(); !errors.Is(err, ErrTooLong) || r.Line() != 2 || s != strings.Repeat("z", 100<<10) {
		t.Fatalf("long last line: %v at line %d, %d bytes kept", err, r.Line(), len(s))
	}
	if _, err := r.Next(); err != io.EOF {
		t.Fatalf("after the last line: %v, want EOF", err)
	}
}
