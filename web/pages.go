package web

import (
	"context"
	"net/http"
	"regexp"
	"sync"
	"time"

	"github.com/sable-othello/sable/search"
)

// pages holds what the server keeps of each open page: its engine (kept
// between searches, so that hints after a move start from a warm table)
// and its one running search. A page is named by an id it makes up when
// it loads. A new search of a page ends the one running; an engine that
// has not searched for the idle timeout is freed, so that a closed page
// gives its table back.
type pages struct {
	newEngine func() (*search.Engine, error)
	max       int
	idle      time.Duration

	mu   sync.Mutex
	byID map[string]*page
	// held counts the engines not yet closed: the pages' own and those of
	// expired pages still being freed, so that max bounds the tables held.
	held   int
	closed bool
}

// page is one page's engine and search.
type page struct {
	engine *search.Engine
	run    *run          // the running search; nil when none runs
	done   chan struct{} // closed when the running search has ended
	timer  *time.Timer   // frees the engine once the page is idle
}

// run is one search of a page.
type run struct {
	// ctx is the search's: it ends when the page asks the search to stop
	// (the search then answers what it found), and with gone.
	ctx  context.Context
	stop context.CancelFunc
	// gone ends when the page has no use for the answer: it started
	// another search, went elsewhere or was closed (the request ended).
	gone  context.Context
	leave context.CancelFunc
	eng   *search.Engine
	end   func() // called once the search has returned
}

func newPages(newEngine func() (*search.Engine, error), max int, idle time.Duration) *pages {
	return &pages{newEngine: newEngine, max: max, idle: idle, byID: map[string]*page{}}
}

// pageID is what a page may call itself.
var pageID = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// checkPageID refuses an id the page could not have made.
func checkPageID(id string) error {
	if !pageID.MatchString(id) {
		return badRequest("page %q: want 1 to 64 letters, digits, - or _", clip(id))
	}
	return nil
}

// begin starts a search of page id for a request whose context is parent,
// first ending the search the page runs and waiting for it. The caller
// must call the run's end once its search has returned.
func (ps *pages) begin(parent context.Context, id string) (*run, error) {
	if err := checkPageID(id); err != nil {
		return nil, err
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	for {
		if ps.closed {
			return nil, &requestError{http.StatusServiceUnavailable, "the server is shutting down"}
		}
		p := ps.byID[id]
		if p == nil {
			if ps.held >= ps.max {
				return nil, &requestError{http.StatusServiceUnavailable,
					"too many pages are open: close one, or wait for an idle one to be freed"}
			}
			eng, err := ps.newEngine()
			if err != nil {
				return nil, &requestError{http.StatusServiceUnavailable, "no engine for this page: " + err.Error()}
			}
			p = &page{engine: eng}
			ps.byID[id] = p
			ps.held++
		}
		if p.run == nil {
			if p.timer != nil {
				p.timer.Stop()
			}
			r := &run{eng: p.engine}
			r.gone, r.leave = context.WithCancel(parent)
			r.ctx, r.stop = context.WithCancel(r.gone)
			done := make(chan struct{})
			p.run, p.done = r, done
			r.end = func() { ps.end(id, p, r, done) }
			return r, nil
		}
		p.run.leave()
		done := p.done
		ps.mu.Unlock()
		select {
		case <-done:
		case <-parent.Done():
		}
		ps.mu.Lock()
		if err := parent.Err(); err != nil {
			return nil, err
		}
	}
}

// end records that the page's search has returned, and arms the timer that
// frees its engine.
func (ps *pages) end(id string, p *page, r *run, done chan struct{}) {
	r.leave()
	ps.mu.Lock()
	defer ps.mu.Unlock()
	p.run, p.done = nil, nil
	close(done)
	if !ps.closed {
		p.timer = time.AfterFunc(ps.idle, func() { ps.expire(id, p) })
	}
}

// expire frees the engine of a page that stayed idle. It closes the engine
// outside the lock (about 9 ms with its solved cache), and counts it held
// until then.
func (ps *pages) expire(id string, p *page) {
	ps.mu.Lock()
	if p.run != nil || ps.byID[id] != p {
		ps.mu.Unlock()
		return
	}
	delete(ps.byID, id)
	ps.mu.Unlock()
	p.engine.Close()
	ps.mu.Lock()
	ps.held--
	ps.mu.Unlock()
}

// stopSearch asks the running search of page id to stop and answer what
// it found; it reports whether one was running.
func (ps *pages) stopSearch(id string) bool {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if p := ps.byID[id]; p != nil && p.run != nil {
		p.run.stop()
		return true
	}
	return false
}

// close stops every search, waits for them and frees every engine.
func (ps *pages) close() {
	ps.mu.Lock()
	ps.closed = true
	all := ps.byID
	ps.byID = map[string]*page{}
	var running []chan struct{}
	for _, p := range all {
		if p.timer != nil {
			p.timer.Stop()
		}
		if p.run != nil {
			p.run.leave()
			running = append(running, p.done)
		}
	}
	ps.mu.Unlock()
	for _, done := range running {
		<-done
	}
	for _, p := range all {
		p.engine.Close()
	}
	ps.mu.Lock()
	ps.held -= len(all)
	ps.mu.Unlock()
}
