package protocol

import (
	"io"
	"strings"
	"sync"
)

// transcript copies the session's lines to Config.Transcript. Input and
// output are written from different goroutines.
type transcript struct {
	mu sync.Mutex
	w  io.Writer
}

// input logs a line read from the controller.
func (t *transcript) input(l inputLine) {
	if l.tooLong {
		t.lines(">", l.text[:min(len(l.text), 64)]+"... (line too long, cut)\n")
		return
	}
	t.lines(">", l.text+"\n")
}

// output logs text sent to the controller.
func (t *transcript) output(text string) { t.lines("<", text) }

// logged logs a diagnostic.
func (t *transcript) logged(text string) { t.lines("!", text) }

// lines writes each line of text (which ends with a newline) after the
// marker and a space; an empty line gets the bare marker.
func (t *transcript) lines(marker, text string) {
	if t.w == nil {
		return
	}
	var sb strings.Builder
	for _, line := range strings.SplitAfter(text, "\n") {
		switch line {
		case "":
		case "\n":
			sb.WriteString(marker + "\n")
		default:
			sb.WriteString(marker + " " + line)
		}
	}
	t.write(sb.String())
}

func (t *transcript) write(s string) {
	if t.w == nil {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	io.WriteString(t.w, s)
}
