// Package lines reads text line by line, numbering the lines, with a bound
// on a line's length. An over-long line is an error of its own and reading
// goes on after it, where bufio.Scanner would stop for good; memory stays
// within the bound whatever the input.
package lines

import (
	"bufio"
	"errors"
	"fmt"
	"io"
)

// MaxBytes is the bound the tools use: 1 MiB, room for any game record or
// position line.
const MaxBytes = 1 << 20

// ErrTooLong is wrapped by the error of a line longer than the bound.
var ErrTooLong = errors.New("line too long")

// Reader reads numbered lines of at most a given length.
type Reader struct {
	br   *bufio.Reader
	max  int
	line int
}

// NewReader returns a reader of r's lines of at most max bytes.
func NewReader(r io.Reader, max int) *Reader {
	return &Reader{br: bufio.NewReaderSize(r, 64<<10), max: max}
}

// Next returns the next line, without its "\n" or "\r\n". A last line
// without a newline counts; io.EOF comes after it. A line longer than the
// bound gives its first max bytes (enough to see what it starts with) and
// an error wrapping ErrTooLong, and the reader is then past it.
func (r *Reader) Next() (string, error) {
	var buf []byte
	long := false
	for {
		frag, err := r.br.ReadSlice('\n')
		if !long {
			buf = append(buf, frag...)
			// Keep room for the line end, which is not part of the bound:
			// past it the first max bytes are all the line's own.
			if len(buf) > r.max+2 {
				buf, long = buf[:r.max], true
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if err != nil && (len(buf) == 0 || !errors.Is(err, io.EOF)) {
			return "", err
		}
		break
	}
	r.line++
	n := len(buf)
	if !long && n > 0 && buf[n-1] == '\n' {
		n--
	}
	if !long && n > 0 && buf[n-1] == '\r' {
		n--
	}
	if long || n > r.max {
		return string(buf[:min(n, r.max)]), fmt.Errorf("%w (over %d bytes)", ErrTooLong, r.max)
	}
	return string(buf[:n]), nil
}

// Line returns the number of the line that Next last read, from 1.
func (r *Reader) Line() int { return r.line }
