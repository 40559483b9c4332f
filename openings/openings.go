// Package openings holds Sable's balanced openings: eight-move starts from
// the Othello start that a search scored within a disc of even when they
// were made (the file's header gives the command). They are the default
// openings of "sable match" and the numbered openings of "sable web".
package openings

import (
	_ "embed"
	"strings"
)

//go:embed openings.txt
var text string

// Text returns the list in the XOT format: one transcript a line (its
// first word), blank lines and lines starting with '#' skipped.
func Text() string { return text }

// List returns the openings' transcripts ("f5d6c3d3c4f4f6f3"), in the
// file's order.
func List() []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			out = append(out, f[0])
		}
	}
	return out
}
