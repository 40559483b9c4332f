//go:build linux || darwin

package gamefile

import (
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// A file read from a pipe (such as sable review <(cat games.txt)) can be
// read only once: telling its format apart must not lose its first bytes.
func TestATranscriptFromAPipeIsReadWhole(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.txt")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	go func() {
		w, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		w.WriteString(game + "\n")
		w.Close()
	}()
	type result struct {
		f   *File
		err error
	}
	done := make(chan result, 1)
	go func() {
		f, err := Read(path, othello)
		done <- result{f, err}
	}()
	select {
	case r := <-done:
		if r.err != nil {
			t.Fatal(r.err)
		}
		if r.f.Format != Transcripts || len(r.f.Games) != 1 || !slices.Equal(r.f.Games[0].Moves, moves(t, game)) {
			t.Fatalf("read %v with %d games (bad %v), want the transcript's game", r.f.Format, len(r.f.Games), r.f.Bad)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("reading the pipe did not end in 10 s")
	}
}
