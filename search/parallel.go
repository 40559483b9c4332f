package search

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sable-othello/sable/bitboard"
)

// Parallel search follows the Young Brothers Wait Concept with a helpful
// master. A node searches its first move alone; then, if a thread is idle,
// it shares out the rest: the owner hands the split to the idle threads,
// and each takes the next unsearched move. Under a null window the first
// move above alpha cuts and aborts the others; at a PV node the owner then
// searches that move with the full window (finishPVSplit). While it waits
// for its helpers, the owner is idle too and joins the splits they open.
//
// An idle thread spins on its own slot instead of sleeping on a channel:
// the hand-off then costs a few atomic operations, where waking a parked
// goroutine took tens of microseconds, 12-22% of the helper's time on FFO
// #20-#39. Threads search only while a search runs, so the spinning is
// bounded by it.

// maxSplits bounds the splits a thread owns at once (one per node on its
// path, and a path is at most 60 moves and their passes).
const maxSplits = 64

// split is a node whose remaining moves are shared between threads.
type split struct {
	parent       *split
	owner        *worker
	p, o         uint64
	moves        [maxMoves]move
	n            int
	next         atomic.Int32 // index of the next move to take
	alpha, beta  int          // window; the moves are searched with (alpha, alpha+1)
	depth        int          // plies left at the node (its empties in the exact endgame)
	selectivity  uint8
	probcutLevel int
	abort        atomic.Bool  // a move beat alpha, or a search above aborted
	active       atomic.Int32 // threads working on it; the owner reads the results at 0
	vals         [maxMoves]int
	searched     [maxMoves]bool
}

// threads are the workers of a parallel search, main thread first.
type threads struct {
	workers []*worker
	idle    atomic.Int32 // workers waiting for a split
	done    atomic.Bool  // the search is over: the helpers return
}

// helping is a worker's part in the parallel search.
type helping struct {
	waiting  atomic.Bool           // idle, and free to be handed a split
	assigned atomic.Pointer[split] // the split it was handed
	splits   []split               // the splits it owns, innermost last; allocated once
	nsplit   int
}

// parallel runs body on the main thread while the engine's other threads
// serve its splits; it returns body's result with every thread's nodes.
func (e *Engine) parallel(rules bitboard.Rules, body func(w *worker) Result) Result {
	var wg sync.WaitGroup
	e.threads = nil
	w := newWorker(e, rules, 0)
	if e.opts.Threads > 1 {
		th := &threads{workers: make([]*worker, e.opts.Threads)}
		for id := range th.workers {
			if id > 0 {
				th.workers[id] = newWorker(e, rules, id)
			} else {
				th.workers[id] = w
			}
			th.workers[id].splits = make([]split, maxSplits)
		}
		e.threads = th
		for _, h := range th.workers[1:] {
			wg.Add(1)
			go func() {
				defer wg.Done()
				h.serve()
				h.pollStop()
			}()
		}
	}
	res := body(w)
	if e.threads != nil {
		e.threads.done.Store(true)
		wg.Wait()
	}
	w.pollStop()
	res.Nodes = e.nodes.Load()
	return res
}

// serve is a helper thread's life: wait for a split, join it, repeat.
func (w *worker) serve() {
	th := w.e.threads
	for {
		w.setWaiting()
		for spin := 1; w.assigned.Load() == nil; spin++ {
			if th.done.Load() && w.leaveWaiting() {
				return
			}
			pause(spin)
		}
		w.join(w.takeAssigned())
	}
}

// setWaiting makes w free to be handed a split.
func (w *worker) setWaiting() {
	w.waiting.Store(true)
	w.e.threads.idle.Add(1)
}

// claim takes the waiting worker w for a split; it fails if w was not
// waiting or another thread claimed it first.
func (w *worker) claim() bool {
	if !w.waiting.CompareAndSwap(true, false) {
		return false
	}
	w.e.threads.idle.Add(-1)
	return true
}

// leaveWaiting ends w's wait by itself; it fails if a thread has claimed
// w meanwhile, which must then take the split it is handed.
func (w *worker) leaveWaiting() bool { return w.claim() }

// takeAssigned returns the split w was handed, once it is there.
func (w *worker) takeAssigned() *split {
	for spin := 1; ; spin++ {
		if s := w.assigned.Load(); s != nil {
			w.assigned.Store(nil)
			return s
		}
		pause(spin)
	}
}

// pause is one turn of a wait loop: now and then it lets the Go scheduler
// run another goroutine, for when threads outnumber processors.
func pause(spin int) {
	if spin%64 == 0 {
		runtime.Gosched()
	}
}

// canSplit reports whether a node of this size should share its moves now.
func (w *worker) canSplit(big bool) bool {
	return big && w.e.threads != nil && w.e.threads.idle.Load() > 0 && !w.stopped && w.nsplit < len(w.splits)
}

// splitMoves shares the moves of l from index from onwards and returns the
// split once every thread is done with it. The split is w's own storage:
// it stays valid until w's next split.
func (w *worker) splitMoves(l *moveList, from int, p, o uint64, alpha, beta, depth int) *split {
	s := &w.splits[w.nsplit]
	w.nsplit++
	s.parent, s.owner, s.p, s.o, s.alpha, s.beta, s.depth = w.split, w, p, o, alpha, beta, depth
	s.selectivity, s.probcutLevel = w.selectivity, w.probcutLevel
	s.n = 0
	for i := from; i < l.n; i++ {
		s.moves[s.n], s.searched[s.n] = *l.next(i), false
		s.n++
	}
	s.next.Store(0)
	s.abort.Store(false)
	s.active.Store(1)
	w.split = s
	th := w.e.threads
	for _, h := range th.workers {
		if th.idle.Load() == 0 {
			break
		}
		if h != w && h.claim() {
			s.active.Add(1)
			h.assigned.Store(s)
		}
	}
	w.work(s)
	s.active.Add(-1)
	// While its helpers finish, the owner is idle, so that their nodes can
	// split and hand it work.
	for s.active.Load() > 0 {
		w.setWaiting()
		for spin := 1; s.active.Load() > 0 && w.assigned.Load() == nil; spin++ {
			pause(spin)
		}
		if !w.leaveWaiting() {
			w.join(w.takeAssigned())
		}
	}
	w.split = s.parent
	w.nsplit--
	w.refreshStop()
	return s
}

// join works on split s, which w was handed: s counts w among its active
// threads until w is done with it.
func (w *worker) join(s *split) {
	saved, sel, level := w.split, w.selectivity, w.probcutLevel
	w.split, w.selectivity, w.probcutLevel = s, s.selectivity, s.probcutLevel
	w.refreshStop()
	w.work(s)
	w.split, w.selectivity, w.probcutLevel = saved, sel, level
	w.refreshStop()
	s.active.Add(-1)
}

// work searches moves of s until none is left or the split is aborted.
func (w *worker) work(s *split) {
	for !w.stopped {
		i := int(s.next.Add(1)) - 1
		if i >= s.n {
			return
		}
		m := &s.moves[i]
		if w == s.owner {
			w.enter(m.sq, m.p^s.o)
		} else {
			w.enterFresh(m.p, m.o)
		}
		v := -w.midNWS(m.p, m.o, -s.alpha-1, s.depth-1) // exact once depth reaches the end
		w.leave()
		if w.stopped {
			return
		}
		s.vals[i], s.searched[i] = v, true
		if v > s.alpha {
			// Under a null window this is a cut. At a PV node it is a new
			// best move whose full-window search may cut or raise alpha:
			// the owner does it at once (finishPVSplit), as the serial
			// loop would, instead of after the other moves (2 threads, FFO
			// #40-#49 643-663 M -> 615-635 M nodes).
			s.abort.Store(true)
			return
		}
	}
}

// best returns the best searched value of the split and its move.
func (s *split) best() (int, int) {
	best, move := -infScore, noMove
	for i := range s.n {
		if s.searched[i] && s.vals[i] > best {
			best, move = s.vals[i], s.moves[i].sq
		}
	}
	return best, move
}

// refreshStop recomputes whether the worker must stop: the search is over,
// or a split it works for was aborted.
func (w *worker) refreshStop() {
	w.stopped = false
	w.pollStop()
}

// finishPVSplit completes a PV node after its split, as the serial loop of
// pvs would: each move that beat the split's alpha under the null window is
// searched again with the full window (after a fresh null-window test if
// alpha has risen since), then the moves that the split left unsearched
// (it stops at the first such move) get the usual null-window test and
// full-window search, shared out again while a thread is idle. It returns
// the node's updated best value and best move.
func (w *worker) finishPVSplit(s *split, best, bestMove, alpha, beta, ply int) (int, int) {
	p, o, depth := s.p, s.o, s.depth
	for {
		// The searches below reuse w's split storage: take out of s
		// first what they need.
		var again, rest moveList
		var againVal [maxMoves]int
		alpha0 := s.alpha
		for k := range s.n {
			m, v := &s.moves[k], s.vals[k]
			switch {
			case !s.searched[k]:
				rest.moves[rest.n] = *m
				rest.n++
			case v > alpha0 && v < beta:
				again.moves[again.n], againVal[again.n] = *m, v
				again.n++
			default:
				w.pvLen[ply+1] = 0 // no PV below a null-window result
				if best, bestMove, alpha = w.pvUpdate(m.sq, v, best, bestMove, alpha, ply); alpha >= beta {
					return best, bestMove
				}
			}
		}
		for k := range again.n {
			m := &again.moves[k]
			v := w.pvMove(m, o, againVal[k], alpha0, alpha, beta, depth, ply)
			if w.stopped {
				return best, bestMove
			}
			if best, bestMove, alpha = w.pvUpdate(m.sq, v, best, bestMove, alpha, ply); alpha >= beta {
				return best, bestMove
			}
		}
		j := 0
		for ; j < rest.n && !w.canSplit(true); j++ {
			m := rest.next(j)
			v := w.pvMove(m, o, infScore, -infScore, alpha, beta, depth, ply)
			if w.stopped {
				return best, bestMove
			}
			if best, bestMove, alpha = w.pvUpdate(m.sq, v, best, bestMove, alpha, ply); alpha >= beta {
				return best, bestMove
			}
		}
		if j == rest.n {
			return best, bestMove
		}
		s = w.splitMoves(&rest, j, p, o, alpha, beta, depth)
	}
}
