package bitboard

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/sable-othello/sable/internal/lines"
)

// OBFLineError is the error of one line of an OBF file that cannot be
// read: over lines.MaxBytes, or not OBF. Reading can go on after it.
type OBFLineError struct {
	Line int   // the line's number, from 1
	Err  error // why it cannot be read
}

func (e *OBFLineError) Error() string { return fmt.Sprintf("line %d: %v", e.Line, e.Err) }

// Unwrap returns the cause, so that errors.Is finds lines.ErrTooLong.
func (e *OBFLineError) Unwrap() error { return e.Err }

// OBFReader reads the OBF lines of a file, numbering them. Blank lines and
// comments (lines starting with # or %) are skipped: every OBF file reader
// of Sable shares this one rule.
type OBFReader struct {
	lr *lines.Reader
}

// NewOBFReader returns a reader of r's OBF lines.
func NewOBFReader(r io.Reader) *OBFReader {
	return &OBFReader{lr: lines.NewReader(r, lines.MaxBytes)}
}

// Next returns the next OBF line; io.EOF after the last. A line that cannot
// be read gives an *OBFLineError and the reader is then past it; any other
// error is the input's own, and reading should stop.
func (r *OBFReader) Next() (OBFLine, error) {
	for {
		text, err := r.lr.Next()
		if err != nil && !errors.Is(err, lines.ErrTooLong) {
			return OBFLine{}, err
		}
		text = strings.TrimSpace(text)
		if err == nil && (text == "" || strings.HasPrefix(text, "#") || strings.HasPrefix(text, "%")) {
			continue
		}
		var l OBFLine
		if err == nil {
			l, err = ParseOBF(text)
		}
		if err != nil {
			return OBFLine{}, &OBFLineError{Line: r.lr.Line(), Err: err}
		}
		return l, nil
	}
}

// Line returns the number of the line that Next last read, from 1.
func (r *OBFReader) Line() int { return r.lr.Line() }

// ReadOBF reads every OBF line of in. The first line that cannot be read
// fails the whole input (an *OBFLineError naming its line), so that no
// caller ever works on a file with a position missing.
func ReadOBF(in io.Reader) ([]OBFLine, error) {
	var out []OBFLine
	r := NewOBFReader(in)
	for {
		l, err := r.Next()
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
}
