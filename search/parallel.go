package search

import (
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/sable-othello/sable/bitboard"
)

// Parallel search follows the Young Brothers Wait Concept with a helpful
// master. A node searches its first move alone; then, if a thread is idle,
// it shares out the rest: the owner and the idle helpers each take the next
// unsearched move. Under a null window the first move above alpha cuts and
// aborts the others. At a PV node, moves that beat alpha under the null
// window are searched again with the full window by the owner afterwards.
// While it waits for its helpers, the owner joins the splits they open.

// Split thresholds: smaller subtrees cost more to share than to search.
const (
	splitMinDepth   = 4  // midgame plies left
	splitMinEmpties = 12 // endgame empties
)

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
	abort        atomic.Bool // a move reached beta, or a search above aborted

	mu       sync.Mutex
	active   int // threads working on it
	vals     [maxMoves]int
	searched [maxMoves]bool
}

// pool holds the helper threads of a search.
type pool struct {
	requests chan *split
	idle     atomic.Int32
}

// parallel runs body on the main thread while the engine's other threads
// serve its splits; it returns body's result with every thread's nodes.
func (e *Engine) parallel(rules bitboard.Rules, body func(w *worker) Result) Result {
	var wg sync.WaitGroup
	e.pool = nil
	if e.opts.Threads > 1 {
		e.pool = &pool{requests: make(chan *split, e.opts.Threads)}
		for id := 1; id < e.opts.Threads; id++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				w := newWorker(e, rules, id)
				w.serve()
				w.pollStop()
			}()
		}
	}
	w := newWorker(e, rules, 0)
	res := body(w)
	if e.pool != nil {
		close(e.pool.requests)
		wg.Wait()
	}
	w.pollStop()
	res.Nodes = e.nodes.Load()
	return res
}

// serve is a helper thread's life: wait for a split, join it, repeat.
func (w *worker) serve() {
	p := w.e.pool
	for {
		p.idle.Add(1)
		s, ok := <-p.requests
		p.idle.Add(-1)
		if !ok {
			return
		}
		w.join(s)
	}
}

// canSplit reports whether a node of this size should share its moves now.
func (w *worker) canSplit(big bool) bool {
	return big && w.e.pool != nil && w.e.pool.idle.Load() > 0 && !w.stopped
}

// splitMoves shares the moves of l from index from onwards and returns the
// split once every thread is done with it.
func (w *worker) splitMoves(l *moveList, from int, p, o uint64, alpha, beta, depth int) *split {
	s := &split{
		parent: w.split, owner: w, p: p, o: o, alpha: alpha, beta: beta, depth: depth,
		selectivity: w.selectivity, probcutLevel: w.probcutLevel, active: 1,
	}
	for i := from; i < l.n; i++ {
		s.moves[s.n] = *l.next(i)
		s.n++
	}
	w.split = s
	for k := w.e.pool.idle.Load(); k > 0; k-- {
		select {
		case w.e.pool.requests <- s:
		default:
		}
	}
	w.work(s)
	s.mu.Lock()
	s.active--
	s.mu.Unlock()
	// While its helpers finish, the owner counts as idle, so that their
	// nodes can split and hand it work.
	pl := w.e.pool
	pl.idle.Add(1)
	for {
		s.mu.Lock()
		busy := s.active > 0
		s.mu.Unlock()
		if !busy {
			break
		}
		select {
		case t, ok := <-pl.requests:
			if ok {
				pl.idle.Add(-1)
				w.join(t)
				pl.idle.Add(1)
			}
		default:
			runtime.Gosched()
		}
	}
	pl.idle.Add(-1)
	w.split = s.parent
	w.refreshStop()
	return s
}

// join helps with split s if it still has moves to give.
func (w *worker) join(s *split) {
	s.mu.Lock()
	if int(s.next.Load()) >= s.n || s.abort.Load() {
		s.mu.Unlock()
		return
	}
	s.active++
	s.mu.Unlock()
	saved, sel, level := w.split, w.selectivity, w.probcutLevel
	w.split, w.selectivity, w.probcutLevel = s, s.selectivity, s.probcutLevel
	w.refreshStop()
	w.work(s)
	w.split, w.selectivity, w.probcutLevel = saved, sel, level
	w.refreshStop()
	s.mu.Lock()
	s.active--
	s.mu.Unlock()
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
		s.mu.Lock()
		s.vals[i], s.searched[i] = v, true
		s.mu.Unlock()
		if v > s.alpha {
			// Under a null window this is a cut. At a PV node it is a new
			// best move whose full-window search may cut or raise alpha:
			// the owner does it at once (finishPVSplit), as the serial
			// loop would, instead of after the other moves. 2 threads,
			// nodes: FFO #20-#39 130-136 M -> 116-119 M (1 thread 107.0 M),
			// #40-#49 643-663 M -> 615-635 M (602.7 M).
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
// the node's updated best value, best move and alpha.
func (w *worker) finishPVSplit(s *split, best, bestMove, alpha, beta, ply int) (int, int, int) {
	for {
		var rest moveList
		for k := range s.n {
			m, v := &s.moves[k], s.vals[k]
			w.pvLen[ply+1] = 0 // a cut under the null window has no PV below
			switch {
			case !s.searched[k]:
				rest.moves[rest.n] = *m
				rest.n++
				continue
			case v > s.alpha && v < beta:
				v = w.pvMove(m, s.o, v, s.alpha, alpha, beta, s.depth, ply)
				if w.stopped {
					return best, bestMove, alpha
				}
			}
			if best, bestMove, alpha = w.pvUpdate(m.sq, v, best, bestMove, alpha, ply); alpha >= beta {
				return best, bestMove, alpha
			}
		}
		j := 0
		for ; j < rest.n && !w.canSplit(true); j++ {
			m := rest.next(j)
			v := w.pvMove(m, s.o, infScore, -infScore, alpha, beta, s.depth, ply)
			if w.stopped {
				return best, bestMove, alpha
			}
			if best, bestMove, alpha = w.pvUpdate(m.sq, v, best, bestMove, alpha, ply); alpha >= beta {
				return best, bestMove, alpha
			}
		}
		if j == rest.n {
			return best, bestMove, alpha
		}
		s = w.splitMoves(&rest, j, s.p, s.o, alpha, beta, s.depth)
	}
}

// pvMove searches move m of a PV node whose opponent is o within (alpha,
// beta), given v, its value under the null window at alpha0: the null
// window is searched again only if alpha has risen above alpha0.
func (w *worker) pvMove(m *move, o uint64, v, alpha0, alpha, beta, depth, ply int) int {
	w.pvLen[ply+1] = 0
	w.enter(m.sq, m.p^o)
	if alpha > alpha0 {
		v = -w.midNWS(m.p, m.o, -alpha-1, depth-1)
	}
	if v > alpha && v < beta && !w.stopped {
		v = -w.pvs(m.p, m.o, -beta, -alpha, depth-1, ply+1)
	}
	w.leave()
	return v
}

// pvUpdate takes the value v of move sq into a PV node's best value, best
// move, alpha and PV.
func (w *worker) pvUpdate(sq, v, best, bestMove, alpha, ply int) (int, int, int) {
	if v <= best {
		return best, bestMove, alpha
	}
	best, bestMove = v, sq
	if v > alpha {
		alpha = v
		w.setPV(ply, sq)
		if ply == 0 {
			w.rootMove, w.rootScore = sq, v
		}
	}
	return best, bestMove, alpha
}
