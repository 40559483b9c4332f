package pool

import (
	"strings"
	"testing"
	"time"
)

// lines collects what is written, a line at a time.
type lines []string

func (l *lines) Write(b []byte) (int, error) {
	for s := range strings.Lines(string(b)) {
		*l = append(*l, s)
	}
	return len(b), nil
}

func hasPrefix(s, prefix string) bool { return strings.HasPrefix(s, prefix) }

func TestPlainLinesComeAtTheirCadenceAndAtTheEnd(t *testing.T) {
	var out lines
	p := NewProgress(&out, "selfplay", "games")
	if p.tty {
		t.Fatal("a buffer was taken for a terminal")
	}
	p.plainEvery = time.Hour
	p.Start(1000)
	for range 1000 {
		p.Add(1)
	}
	p.Finish()
	if len(out) != 1 || !hasPrefix(out[0], "selfplay: 1000/1000 games (100.0%), ") || !strings.HasSuffix(out[0], " 0s left\n") {
		t.Fatalf("1000 quick jobs wrote %q, want one line at the end", out)
	}

	out = nil
	p.plainEvery = 0
	p.Start(3)
	p.Describe("+1 =0 -0")
	for range 3 {
		p.Add(1)
	}
	p.Finish()
	if len(out) != 3 || !hasPrefix(out[1], "selfplay: 2/3 games (66.7%), ") || !strings.HasSuffix(out[1], ", +1 =0 -0\n") {
		t.Errorf("with no cadence limit wrote %q, want a line per job with the note", out)
	}
}

func TestAnInterruptedRunSaysWhereItStopped(t *testing.T) {
	var out lines
	p := NewProgress(&out, "evaluate", "positions")
	p.plainEvery = time.Hour
	p.Start(10)
	p.Add(4)
	p.Finish()
	p.Finish()
	if len(out) != 1 || !hasPrefix(out[0], "evaluate: 4/10 positions (40.0%)") {
		t.Errorf("stopping at 4 of 10 wrote %q, want one line with 4/10", out)
	}
	out = nil
	p.Start(10)
	p.Finish()
	if len(out) != 0 {
		t.Errorf("a run that did nothing wrote %q", out)
	}
}

func TestLogLinesPassThrough(t *testing.T) {
	var out lines
	p := NewProgress(&out, "match", "games")
	p.Write([]byte("game 3: engine restarted\n"))
	if len(out) != 1 || out[0] != "game 3: engine restarted\n" {
		t.Errorf("a log line came out as %q", out)
	}
}

func TestNilProgressShowsNothing(t *testing.T) {
	var p *Progress
	p.Start(3)
	p.Add(1)
	p.Describe("x")
	p.Finish()
	if n, err := p.Write([]byte("log\n")); n != 4 || err != nil {
		t.Errorf("Write on nil = %d, %v", n, err)
	}
}
