package match

import (
	"context"
	"errors"
	"os/exec"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// linesProcess is a process whose stdout is the given lines, then EOF.
func linesProcess(lines ...string) *process {
	p := &process{name: "test", cmd: &exec.Cmd{}, lines: make(chan string, len(lines)), exited: make(chan struct{})}
	for _, l := range lines {
		p.lines <- l
	}
	close(p.lines)
	return p
}

func TestGTPReplyReading(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		ok    bool
		text  string
	}{
		{"plain success", []string{"= d3", ""}, true, "d3"},
		{"success with an id", []string{"=12 D3", ""}, true, "D3"},
		{"empty success", []string{"=", ""}, true, ""},
		{"failure with an id", []string{"?3 illegal move", ""}, false, "illegal move"},
		{"multi-line result", []string{"= line one", "line two", ""}, true, "line one\nline two"},
		{"noise before the reply is skipped", []string{"thinking...", "", "= c4", ""}, true, "c4"},
		{"blank line of spaces ends it", []string{"= pass", "   "}, true, "pass"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &gtpPlayer{proc: linesProcess(tt.lines...)}
			r, err := g.readReply(context.Background(), time.Now().Add(time.Second))
			if err != nil || r.ok != tt.ok || r.text != tt.text {
				t.Errorf("got ok=%v %q, %v; want ok=%v %q", r.ok, r.text, err, tt.ok, tt.text)
			}
		})
	}
}

func TestGTPEngineThatStopsTalkingCrashes(t *testing.T) {
	g := &gtpPlayer{proc: linesProcess("= d3")}
	close(g.proc.exited)
	_, err := g.readReply(context.Background(), time.Now().Add(time.Second))
	var f *fault
	if !errors.As(err, &f) || f.kind != faultCrash {
		t.Errorf("got %v, want a crash", err)
	}
}

func TestParseNBoardMove(t *testing.T) {
	tests := []struct {
		in        string
		move      int
		eval      float64
		evaluated bool
		bad       bool
	}{
		{" F5/-1.00/0.3", 37, -1, true, false},
		{" d6 -1.00 0.0", 43, -1, true, false},
		{" d6\t2.5", 43, 2.5, true, false},
		{" F5//0.3", 37, 0, false, false},
		{" PA", bitboard.PassMove, 0, false, false},
		{" pass", bitboard.PassMove, 0, false, false},
		{" c4", 26, 0, false, false},
		{"", 0, 0, false, true},
		{"  ", 0, 0, false, true},
		{" j9/0", 0, 0, false, true},
		{" F5/x/0.3", 0, 0, false, true},
		{" F5 1 2 3", 0, 0, false, true},
	}
	for _, tt := range tests {
		r, err := parseNBoardMove(tt.in)
		if (err != nil) != tt.bad || (!tt.bad && (r.move != tt.move || r.eval != tt.eval || r.evaluated != tt.evaluated)) {
			t.Errorf("parseNBoardMove(%q) = %+v, %v", tt.in, r, err)
		}
	}
}
