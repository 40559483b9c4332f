package search

import (
	"sync"
	"sync/atomic"

	"github.com/sable-othello/sable/bitboard"
)

// Parallel search is lazy SMP made smarter with ABDADA's deferral: all
// threads search the same root and share the hash table; helper threads
// order the root moves differently; and at big enough nodes a thread puts
// off a move (not the first: young brothers wait) that another thread is
// searching right now, and comes back to it after its other moves, when the
// other thread's result is likely in the table.

// Parallel settings.
const (
	// deferMinEmpties and deferMinDepth: deferral is checked only at nodes
	// this big, where the hash of every child is worth computing.
	deferMinEmpties = 16
	deferMinDepth   = 6
	// busySlots is the size of the table of subtrees being searched: a few
	// thousand slots keep collisions rare with a handful of threads.
	busySlots = 1 << 12
)

// busyTable marks the positions some thread is searching now. A slot holds
// the position's hash, or zero when free; collisions only lose a deferral.
type busyTable [busySlots]atomic.Uint64

// enter marks h busy and reports whether this call took the slot.
func (b *busyTable) enter(h uint64) bool { return b[h%busySlots].CompareAndSwap(0, h) }

// leave frees the slot taken by enter.
func (b *busyTable) leave(h uint64) { b[h%busySlots].CompareAndSwap(h, 0) }

// busy reports whether another thread is searching h.
func (b *busyTable) busy(h uint64) bool { return b[h%busySlots].Load() == h }

// searchDeferring runs search on the moves of l in order, the way a node's
// move loop does, stopping when search returns true (a cut-off). With more
// than one thread, moves after the first that another thread is searching
// are put off until the others are done.
func (w *worker) searchDeferring(l *moveList, big bool, search func(m *move, i int) bool) {
	if !big || w.e.opts.Threads == 1 {
		for i := range l.n {
			if search(l.next(i), i) {
				return
			}
		}
		return
	}
	var later [maxMoves]int
	n := 0
	for i := range l.n {
		m := l.next(i)
		h := hashOf(m.p, m.o)
		if i > 0 && w.e.busy.busy(h) {
			later[n] = i
			n++
			continue
		}
		took := w.e.busy.enter(h)
		cut := search(m, i)
		if took {
			w.e.busy.leave(h)
		}
		if cut {
			return
		}
	}
	for _, i := range later[:n] {
		if search(&l.moves[i], i) {
			return
		}
	}
}

// parallel runs body on the engine's threads: helpers share the hash table
// and stop when the main thread is done; the main thread's result is the
// search's.
func (e *Engine) parallel(rules bitboard.Rules, body func(w *worker, main bool) Result) Result {
	var halt atomic.Bool
	var wg sync.WaitGroup
	for id := 1; id < e.opts.Threads; id++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			w := newWorker(e, rules, id, &halt)
			body(w, false)
			w.pollStop()
		}()
	}
	w := newWorker(e, rules, 0, nil)
	res := body(w, true)
	halt.Store(true)
	wg.Wait()
	w.pollStop()
	res.Nodes = e.nodes.Load()
	return res
}

// shuffleRoot gives helper threads their own root move order, so that
// workers explore different subtrees and share what they find through the
// hash table. The main worker (id 0) keeps the true order.
func (w *worker) shuffleRoot(l *moveList) {
	if w.id == 0 {
		return
	}
	for i := range l.n {
		m := &l.moves[i]
		if m.score < ttMoveBonus {
			m.score += int((uint32(m.sq*w.id+7)*2654435761)>>12) & (1<<20 - 1)
		}
	}
}
