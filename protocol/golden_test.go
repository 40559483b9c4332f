package protocol

import (
	"bytes"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// update rewrites the golden transcripts from the current replies:
//
//	go test ./protocol -run TestGoldenTranscripts -update
//
// The sessions run the scripted engine, so only a change of the protocols
// (or of an exact solve, which would be a bug) changes them.
var update = flag.Bool("update", false, "rewrite testdata/*.gtp and *.nboard transcripts")

// goldenSettings are the settings of golden sessions and of the tests that
// run the real engine: a small table, one thread (deterministic), no book
// (the book's tests are in book_test.go), and GTP moves searched to depth 2.
func goldenSettings(proto string) Settings {
	st := DefaultSettings()
	st.HashMB, st.Threads, st.Book = 4, 1, BookOff
	if proto == GTP {
		st.Depth = 2
	}
	return st
}

// TestGoldenTranscripts replays each transcript of testdata (the "> "
// lines are the controller's) and compares the whole session, replies and
// logged diagnostics included, with the file. A .gtp file is a GTP session,
// a .nboard file an NBoard session.
func TestGoldenTranscripts(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.gtp")
	nb, _ := filepath.Glob("testdata/*.nboard")
	files = append(files, nb...)
	if len(files) == 0 {
		t.Fatal("no transcripts in testdata")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			want, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			proto := GTP
			if strings.HasSuffix(file, ".nboard") {
				proto = NBoard
			}
			got := replay(t, proto, transcriptInputs(string(want)), goldenSettings(proto))
			if *update {
				if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if got != string(want) {
				t.Errorf("session differs from %s (rerun with -update to accept):\n%s", file, lineDiff(string(want), got))
			}
		})
	}
}

// transcriptInputs returns the controller's lines of a transcript.
func transcriptInputs(tr string) []string {
	var in []string
	for _, line := range strings.Split(tr, "\n") {
		switch {
		case line == ">":
			in = append(in, "")
		case strings.HasPrefix(line, "> "):
			in = append(in, line[2:])
		}
	}
	return in
}

// replay runs a session of the scripted engine on the given lines one at a
// time, each carried out in full before the next is read (as a controller
// that waits for replies sees it), and returns its transcript. Move times
// are frozen at zero.
func replay(t *testing.T, proto string, lines []string, st Settings) string {
	t.Helper()
	var buf bytes.Buffer
	tr := &transcript{w: &buf}
	cfg := Config{Settings: st, Name: "Sable", Version: "test", Log: io.Discard, Transcript: &buf, NewEngine: newScriptedEngine}
	s, err := newSession(cfg, io.Discard, tr)
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	frozen := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	s.now = func() time.Time { return frozen }
	var d dialect = newGTPSession(s)
	if proto == NBoard {
		d = &nboardSession{session: s}
	}
	for _, text := range lines {
		l := inputLine{text: text}
		tr.input(l)
		d.execute(l)
		if s.quit {
			break
		}
	}
	return buf.String()
}

// lineDiff shows the first line where two texts differ.
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	for i := 0; i < max(len(w), len(g)); i++ {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\n  want: %q\n  got:  %q", i+1, wl, gl)
		}
	}
	return "(same lines)"
}
