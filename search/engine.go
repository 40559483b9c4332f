package search

import (
	"sync/atomic"

	"github.com/sable-othello/sable/bitboard"
)

// Options configure an Engine.
type Options struct {
	HashMB  int // transposition table size in MiB
	Threads int // search threads
}

// DefaultOptions are the engine's defaults: a 64 MiB table on one thread.
func DefaultOptions() Options { return Options{HashMB: 64, Threads: 1} }

// Engine owns a transposition table and searches positions. It searches one
// position at a time; Stop may be called from any goroutine.
type Engine struct {
	opts Options
	tt   *TT
	stop atomic.Bool
}

// New returns an engine with the given options (zero fields take defaults).
func New(opts Options) *Engine {
	def := DefaultOptions()
	if opts.HashMB <= 0 {
		opts.HashMB = def.HashMB
	}
	if opts.Threads <= 0 {
		opts.Threads = def.Threads
	}
	return &Engine{opts: opts, tt: NewTT(opts.HashMB)}
}

// Options returns the engine's options.
func (e *Engine) Options() Options { return e.opts }

// Stop asks the running search to return as soon as it can.
func (e *Engine) Stop() { e.stop.Store(true) }

// NewGame forgets everything learned in earlier searches.
func (e *Engine) NewGame() { e.tt.Clear() }

// maxSelectivity marks a result with no probabilistic cut.
const maxSelectivity = 5

// maxPly bounds the depth of any line: 60 moves plus passes.
const maxPly = 128

// worker is one search thread's state.
type worker struct {
	e           *Engine
	tt          *TT
	nodes       uint64
	discScoring bool
	stopped     bool
	pv          [maxPly][maxPly]int8
	pvLen       [maxPly]int
}

func newWorker(e *Engine, rules bitboard.Rules) *worker {
	return &worker{e: e, tt: e.tt, discScoring: rules.Scoring == bitboard.Discs}
}

// pollStop looks at the engine's stop flag.
func (w *worker) pollStop() {
	if w.e.stop.Load() {
		w.stopped = true
	}
}

// pvMoves returns the PV found at the root.
func (w *worker) pvMoves() []int {
	pv := make([]int, w.pvLen[0])
	for i := range pv {
		pv[i] = int(w.pv[0][i])
	}
	return pv
}
