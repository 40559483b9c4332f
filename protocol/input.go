package protocol

import (
	"context"
	"errors"
	"sync"

	"github.com/sable-othello/sable/internal/lines"
)

// MaxLineBytes is the longest command line read in full (1 MiB, room for
// any game record). A longer line is answered with an error; only its
// start is kept, so a hostile input never grows the buffer beyond this.
const MaxLineBytes = 1 << 20

// maxQueuedBytes bounds the input read ahead of the command being carried
// out: past it the reader waits, so a controller that pipes far ahead of a
// long search costs at most this much memory (plus the line being read).
// Each line counts its text and lineOverheadBytes.
const (
	maxQueuedBytes    = 4 << 20
	lineOverheadBytes = 64
)

// inputLine is one line of the controller's input.
type inputLine struct {
	text    string // without the line end; only the first MaxLineBytes of an over-long line
	tooLong bool   // the line was longer than MaxLineBytes
	epoch   uint64 // interrupts (NBoard's ping) read before this line
}

// readLine reads one line of at most MaxLineBytes (without its "\n" or
// "\r\n"). Of a longer line only the first MaxLineBytes are kept: enough
// to see where a comment starts. io.EOF comes after the last line.
func readLine(lr *lines.Reader) (inputLine, error) {
	text, err := lr.Next()
	switch {
	case errors.Is(err, lines.ErrTooLong):
		return inputLine{text: text, tooLong: true}, nil
	case err != nil:
		return inputLine{}, err
	}
	return inputLine{text: text}, nil
}

// inbox reads the controller's lines on its own goroutine, so that an
// interrupting command (NBoard's ping) stops a running search as soon as
// it arrives, while commands are still carried out strictly in order.
type inbox struct {
	mu     sync.Mutex
	lines  []inputLine
	queued int           // bytes of lines, as maxQueuedBytes counts them
	closed bool          // no more lines will come
	wake   chan struct{} // signalled when lines or closed change
	room   chan struct{} // signalled when a line is taken
	epoch  uint64        // interrupts read so far

	cancel      context.CancelFunc // of the running search, nil when none
	searchEpoch uint64             // epoch of the line that started it
}

func newInbox() *inbox {
	return &inbox{wake: make(chan struct{}, 1), room: make(chan struct{}, 1)}
}

// read feeds the inbox from br until EOF or a read error. interrupts tells
// which lines stop a running search. Each line is passed to seen (the
// transcript) before it is queued. While maxQueuedBytes wait to be carried
// out, read waits.
func (b *inbox) read(lr *lines.Reader, interrupts func(string) bool, seen func(inputLine)) {
	for {
		b.waitForRoom()
		l, err := readLine(lr)
		if err != nil {
			b.mu.Lock()
			b.closed = true
			b.mu.Unlock()
			b.signal()
			return
		}
		seen(l)
		b.mu.Lock()
		if !l.tooLong && interrupts(l.text) {
			b.epoch++
			if b.cancel != nil && b.searchEpoch < b.epoch {
				b.cancel()
			}
		}
		l.epoch = b.epoch
		b.lines = append(b.lines, l)
		b.queued += lineCost(l)
		b.mu.Unlock()
		b.signal()
	}
}

// lineCost is what a queued line counts against maxQueuedBytes.
func lineCost(l inputLine) int { return len(l.text) + lineOverheadBytes }

// waitForRoom waits until less than maxQueuedBytes are queued.
func (b *inbox) waitForRoom() {
	for {
		b.mu.Lock()
		full := b.queued >= maxQueuedBytes
		b.mu.Unlock()
		if !full {
			return
		}
		<-b.room
	}
}

func (b *inbox) signal() {
	select {
	case b.wake <- struct{}{}:
	default:
	}
}

// push queues a line read before the reader started.
func (b *inbox) push(l inputLine) {
	b.mu.Lock()
	l.epoch = b.epoch
	b.lines = append(b.lines, l)
	b.queued += lineCost(l)
	b.mu.Unlock()
}

// next returns the next line, waiting for one; false once the input ended
// and every line was taken.
func (b *inbox) next() (inputLine, bool) {
	for {
		b.mu.Lock()
		if len(b.lines) > 0 {
			l := b.lines[0]
			b.lines[0] = inputLine{}
			b.lines = b.lines[1:]
			b.queued -= lineCost(l)
			b.mu.Unlock()
			select {
			case b.room <- struct{}{}:
			default:
			}
			return l, true
		}
		closed := b.closed
		b.mu.Unlock()
		if closed {
			return inputLine{}, false
		}
		<-b.wake
	}
}

// searchContext returns the context of a search started by a line of the
// given epoch: it is cancelled when an interrupt arrives after that line,
// or at once if one already has. release must be called when the search
// returns.
//
// Cancelling the context is how the search is stopped: the engine turns it
// into Engine.Stop, and unlike a bare Stop it cannot be lost if it comes
// just before the search starts.
func (b *inbox) searchContext(epoch uint64) (ctx context.Context, release func()) {
	ctx, cancel := context.WithCancel(context.Background())
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.epoch > epoch {
		cancel()
	}
	b.cancel, b.searchEpoch = cancel, epoch
	return ctx, func() {
		b.mu.Lock()
		b.cancel = nil
		b.mu.Unlock()
		cancel()
	}
}
