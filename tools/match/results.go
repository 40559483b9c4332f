package match

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// resultsFile is the file each finished game is appended to, as one line of
// GGF. A line is written with one write and synced before the game counts,
// so after a crash or Ctrl-C the file holds whole games, at most followed by
// one cut-off line, which resuming removes.
type resultsFile struct {
	path string
	f    *os.File
}

// readResults reads the games already in a results file (none if it does not
// exist). A last line without its newline is a write cut off by a crash: it
// is removed from the file, and its length returned as dropped.
func readResults(path string) (games []gameRecord, dropped int, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("read results: %w", err)
	}
	if cut := bytes.LastIndexByte(data, '\n') + 1; cut < len(data) {
		dropped = len(data) - cut
		if err := os.Truncate(path, int64(cut)); err != nil {
			return nil, 0, fmt.Errorf("remove the cut-off last line of %s: %w", path, err)
		}
		data = data[:cut]
	}
	for n, line := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		r, err := parseGGF(string(line))
		if err != nil {
			return nil, 0, fmt.Errorf("%s:%d: %w", path, n+1, err)
		}
		games = append(games, r)
	}
	return games, dropped, nil
}

// openResults opens the file for appending, creating it if needed.
func openResults(path string) (*resultsFile, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open results: %w", err)
	}
	return &resultsFile{path: path, f: f}, nil
}

// append writes a finished game as one line with a single write, then syncs
// it to disk.
func (r *resultsFile) append(rec *gameRecord) error {
	if _, err := r.f.Write([]byte(rec.ggf() + "\n")); err != nil {
		return fmt.Errorf("append game %d to %s: %w", rec.index, r.path, err)
	}
	if err := r.f.Sync(); err != nil {
		return fmt.Errorf("sync %s: %w", r.path, err)
	}
	return nil
}

func (r *resultsFile) close() error { return r.f.Close() }
