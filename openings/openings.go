// Package openings holds Sable's balanced openings: eight-move starts from
// the Othello start that a search scored within a disc of even when they
// were made (the file's header gives the command). They are the default
// openings of "sable match" and the numbered openings of "sable web", which
// may read another list in the same format, such as XOT's.
package openings

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/sable-othello/sable/bitboard"
)

//go:embed openings.txt
var text string

// Text returns the list in the XOT format: one transcript a line (its
// first word), blank lines and lines starting with '#' skipped.
func Text() string { return text }

// List returns the openings' transcripts ("f5d6c3d3c4f4f6f3"), in the
// file's order.
func List() []string {
	list, err := Parse(text)
	if err != nil {
		panic("embedded openings: " + err.Error()) // the tests read every one
	}
	return list
}

// Parse reads a list in the XOT format and returns its transcripts, in
// order. Each must be legal from the Othello start; an error names the
// line.
func Parse(list string) ([]string, error) {
	var out []string
	start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	for n, line := range strings.Split(list, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 || strings.HasPrefix(f[0], "#") {
			continue
		}
		moves, err := bitboard.ParseTranscript(f[0])
		if err == nil {
			_, err = bitboard.Replay(start, moves)
		}
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
		out = append(out, f[0])
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no openings")
	}
	return out, nil
}
