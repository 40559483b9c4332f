package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
	"github.com/sable-othello/sable/tools/wthor"
)

// forEachGame calls fn with the moves of every game of the sources (see
// bookUsage), in order. Games that fn refuses are skipped and counted on
// stderr, naming the first; an unreadable source is an error.
func forEachGame(sources []string, stderr io.Writer, fn func(moves []int) error) error {
	bad, first := 0, ""
	skip := func(where string, err error) {
		if bad++; bad == 1 {
			first = fmt.Sprintf("%s: %v", where, err)
		}
	}
	for _, src := range sources {
		st, err := os.Stat(src)
		if err != nil {
			return err
		}
		if st.IsDir() || strings.EqualFold(filepath.Ext(src), ".wtb") {
			err = wthorGames(src, st.IsDir(), fn, skip)
		} else {
			err = textGames(src, fn, skip)
		}
		if err != nil {
			return err
		}
	}
	if bad > 0 {
		fmt.Fprintf(stderr, "skipped %d bad games; the first: %s\n", bad, first)
	}
	return nil
}

// wthorGames reads a WTHOR file, or every .wtb file of a directory.
func wthorGames(src string, dir bool, fn func([]int) error, skip func(string, error)) error {
	var files []*wthor.File
	var err error
	if dir {
		files, err = wthor.ReadDir(src)
	} else {
		var f *wthor.File
		f, err = wthor.ReadFile(src)
		files = []*wthor.File{f}
	}
	if err != nil {
		return err
	}
	for _, f := range files {
		for i := range f.Games {
			moves, err := f.Games[i].Moves()
			if err == nil {
				err = fn(moves)
			}
			if err != nil {
				skip(fmt.Sprintf("%s: game %d", f.Path, i), err)
			}
		}
	}
	return nil
}

// textGames reads a text file of games, one a line: a GGF or SGF game (a
// sable match results file), or else the first word that starts with a
// column letter and reads as moves. Blank lines and lines starting with #
// are skipped.
func textGames(path string, fn func([]int) error, skip func(string, error)) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 4096), 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || line[0] == '#' {
			continue
		}
		moves, err := lineGame(line)
		if err == nil {
			err = fn(moves)
		}
		if err != nil {
			skip(fmt.Sprintf("%s:%d", path, n), err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// lineGame returns the moves of the game on a line of a text file: a GGF
// or SGF game from the Othello start, or the line's first transcript.
func lineGame(line string) ([]int, error) {
	if !strings.HasPrefix(line, "(") {
		return firstTranscript(line)
	}
	g, err := record.Parse(line)
	if err != nil {
		return nil, err
	}
	if g.Setup != nil && (g.Setup.Board != bitboard.Start() || g.Setup.Side != bitboard.Black) {
		return nil, fmt.Errorf("the game starts from a set-up position, not the Othello start")
	}
	return g.Squares(), nil
}

// firstTranscript returns the moves of the first word of line that starts
// with a column letter and reads as a transcript.
func firstTranscript(line string) ([]int, error) {
	for _, w := range strings.Fields(line) {
		if c := w[0] | 0x20; c < 'a' || c > 'h' {
			continue
		}
		if moves, err := bitboard.ParseTranscript(w); err == nil {
			return moves, nil
		}
	}
	return nil, fmt.Errorf("no moves in %q", line)
}
