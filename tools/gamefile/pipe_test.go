//go:build linux || darwin

package gamefile

import (
	"os"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/sable-othello/sable/tools/dataset"
)

// readFromPipe writes data into a named pipe and reads it with Read, which
// must end within 10 s.
func readFromPipe(t *testing.T, data []byte) *File {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games")
	if err := syscall.Mkfifo(path, 0o600); err != nil {
		t.Fatal(err)
	}
	go func() {
		w, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		w.Write(data)
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
		return r.f
	case <-time.After(10 * time.Second):
		t.Fatal("reading the pipe did not end in 10 s")
	}
	return nil
}

// A file read from a pipe (such as sable review <(cat games.txt)) can be
// read only once: telling its format apart must not lose its first bytes.
func TestATranscriptFromAPipeIsReadWhole(t *testing.T) {
	f := readFromPipe(t, []byte(game+"\n"))
	if f.Format != Transcripts || len(f.Games) != 1 || !slices.Equal(f.Games[0].Moves, moves(t, game)) {
		t.Fatalf("read %v with %d games (bad %v), want the transcript's game", f.Format, len(f.Games), f.Bad)
	}
}

// A self-play games file has no size to read from a pipe: its inflation
// cap counts the compressed bytes read instead.
func TestASelfPlayGamesFileFromAPipeIsReadWhole(t *testing.T) {
	f := readFromPipe(t, selfPlayFile(t, dataset.SelfPlayGame{Index: 3, Moves: moves(t, game), Score: 8}))
	if f.Format != SelfPlay || len(f.Games) != 1 || f.Games[0].Index != 3 || !slices.Equal(f.Games[0].Moves, moves(t, game)) {
		t.Fatalf("read %v with %d games (bad %v), want the games file's game 3", f.Format, len(f.Games), f.Bad)
	}
}
