package protocol

import (
	"io"
	"strings"
	"testing"

	"github.com/sable-othello/sable/internal/lines"
)

func readAll(t *testing.T, in string) []inputLine {
	t.Helper()
	lr := lines.NewReader(strings.NewReader(in), MaxLineBytes)
	var all []inputLine
	for {
		l, err := readLine(lr)
		if err == io.EOF {
			return all
		}
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, l)
	}
}

func TestLinesOfOneMebibyteAreReadWhole(t *testing.T) {
	long := strings.Repeat("x", MaxLineBytes)
	lines := readAll(t, long+"\r\nnext\nlast")
	if len(lines) != 3 || lines[0].tooLong || len(lines[0].text) != MaxLineBytes || lines[1].text != "next" || lines[2].text != "last" {
		t.Fatalf("got %d lines, first %d bytes (too long %v)", len(lines), len(lines[0].text), lines[0].tooLong)
	}
}

func TestLongerLinesAreCutAndFlagged(t *testing.T) {
	lines := readAll(t, "12 play "+strings.Repeat("y", 3*MaxLineBytes)+"\nname\n")
	if len(lines) != 2 || !lines[0].tooLong || len(lines[0].text) != MaxLineBytes || !strings.HasPrefix(lines[0].text, "12 play") || lines[1].text != "name" {
		t.Fatalf("got %d lines, the first %d bytes", len(lines), len(lines[0].text))
	}
	lines = readAll(t, strings.Repeat("z", MaxLineBytes+1)+"\n")
	if len(lines) != 1 || !lines[0].tooLong {
		t.Fatal("one byte over the limit is too long")
	}
}

func TestGTPLineCleaningFollowsTheSpec(t *testing.T) {
	for in, want := range map[string]string{
		"play\tblack\td3":        "play black d3",
		"  name  # who are you":  "name",
		"# only a comment":       "",
		"pro\x01tocol_version\r": "protocol_version",
		"\x7f":                   "",
	} {
		if got := cleanGTPLine(in); got != want {
			t.Errorf("cleanGTPLine(%q) = %q, want %q", in, got, want)
		}
	}
	if id, name, args := splitGTP("42 play b d3"); id != "42" || name != "play" || len(args) != 2 {
		t.Fatalf("split: %q %q %q", id, name, args)
	}
}
