package pool

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// Cadences of the display: a bar is redrawn at most every barEvery, so
// that thousands of small jobs a second cost nothing; a plain line (in a
// log file) is written at most every plainEvery, so that a day-long run
// logs a few thousand lines and not one per job.
const (
	barEvery   = 100 * time.Millisecond
	plainEvery = 10 * time.Second
)

// Progress shows how far a run has got on a writer, usually standard
// error: on a terminal a bar with the count, the rate and the time left
// (drawn by github.com/schollz/progressbar); elsewhere a plain line now
// and then and at the end. Its methods may be called from any goroutine;
// on a nil *Progress they do nothing, so quiet runs pass nil.
type Progress struct {
	w          io.Writer
	what, unit string
	tty        bool
	plainEvery time.Duration

	mu          sync.Mutex
	bar         *progressbar.ProgressBar // the terminal's bar of the open run
	open        bool                     // between Start and Finish
	desc        string
	total, done int
	start       time.Time
	drawn       time.Time // when the bar was last redrawn or a plain line written
	shownDone   int       // done at the last plain line
}

// NewProgress returns a display on w of work named what (such as
// "evaluate"), counted in unit (such as "positions").
func NewProgress(w io.Writer, what, unit string) *Progress {
	f, ok := w.(*os.File)
	return &Progress{w: w, what: what, unit: unit, tty: ok && term.IsTerminal(int(f.Fd())), plainEvery: plainEvery}
}

// Start begins showing a run of total units, ending the previous run's
// display if it is still open.
func (p *Progress) Start(total int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.finish()
	now := time.Now()
	p.open, p.total, p.done, p.shownDone, p.start, p.drawn = true, total, 0, 0, now, now
	if p.tty && total > 0 {
		p.bar = progressbar.NewOptions(total,
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSetDescription(p.label()),
			progressbar.OptionSetWidth(20),
			progressbar.OptionShowCount(),
			progressbar.OptionShowIts(),
			progressbar.OptionSetItsString(p.unit),
			progressbar.OptionSetPredictTime(true))
		p.bar.RenderBlank()
	}
}

// Add counts n more units done; reaching the total ends the run's display.
func (p *Progress) Add(n int) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.open {
		return
	}
	p.done += n
	now := time.Now()
	switch {
	case p.done >= p.total:
		p.finish()
	case p.bar != nil:
		if now.Sub(p.drawn) >= barEvery {
			p.bar.Set(p.done)
			p.drawn = now
		}
	case !p.tty:
		if now.Sub(p.drawn) >= p.plainEvery {
			p.plainLine(now)
		}
	}
}

// Describe sets a note shown with the count, such as a match's score.
func (p *Progress) Describe(note string) {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.desc = note
	if p.bar != nil {
		p.bar.Describe(p.label())
		p.bar.Set(p.done) // the count may lag behind, as Add draws at most every barEvery
	}
}

// Write writes log lines, keeping a terminal's bar below them.
func (p *Progress) Write(b []byte) (int, error) {
	if p == nil {
		return len(b), nil
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.bar == nil {
		return p.w.Write(b)
	}
	p.bar.Clear()
	n, err := p.w.Write(b)
	p.bar.Set(p.done)
	p.bar.RenderBlank()
	return n, err
}

// Finish ends the display of the run, also when it stopped short: a
// terminal's line is ended, and a plain line says where it stopped.
func (p *Progress) Finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.finish()
}

func (p *Progress) finish() {
	if !p.open {
		return
	}
	p.open = false
	switch {
	case p.bar != nil:
		p.bar.Set(p.done)
		p.bar.Exit()
		p.bar = nil
		fmt.Fprintln(p.w)
	case !p.tty && p.done != p.shownDone:
		p.plainLine(time.Now())
	}
}

// label is the text before a bar: what, and the note.
func (p *Progress) label() string {
	if p.desc == "" {
		return p.what
	}
	return p.what + ": " + p.desc
}

// plainLine writes the count, rate and time left on a line of its own.
func (p *Progress) plainLine(now time.Time) {
	p.drawn, p.shownDone = now, p.done
	rate := float64(p.done) / now.Sub(p.start).Seconds()
	left := "?"
	if rate > 0 {
		left = time.Duration(float64(p.total-p.done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	line := fmt.Sprintf("%s: %d/%d %s (%.1f%%), %.1f/s, %s left", p.what, p.done, p.total, p.unit,
		100*float64(p.done)/float64(max(p.total, 1)), rate, left)
	if p.desc != "" {
		line += ", " + p.desc
	}
	// One write per line, so that lines from elsewhere do not cut into it.
	io.WriteString(p.w, line+"\n")
}
