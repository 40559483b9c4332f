package search

import (
	"sync"
	"sync/atomic"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
)

// Options configure an Engine.
type Options struct {
	HashMB  int            // transposition table size in MiB
	Threads int            // search threads
	Eval    eval.Evaluator // position evaluation; nil means the embedded weights (eval.Default)
	// Order helps order the moves of the exact endgame where the search
	// keeps the features (an Incremental Eval); nil means the embedded
	// weights (eval.DefaultOrder).
	Order *eval.Order
	// Probcut is Multi-ProbCut's error model for Eval; nil means the one
	// fitted for the embedded weights (DefaultProbcut).
	Probcut *ProbcutModel
	// SolvedEntries sizes the cache of solved positions kept across
	// searches (see SolvedCache for where it helps); 0 or less means none.
	SolvedEntries int64
	// Leaf, when set, is called with each position the search evaluates,
	// from its mover's view, on the search's threads: the lab captures
	// training positions from real search trees so (sable label
	// --captures). Without it the leaves cost nothing more.
	Leaf func(p, o uint64)
}

// DefaultSolvedEntries is the solved cache of a protocol session and of
// sable solve: about 30 MiB of solved positions.
const DefaultSolvedEntries = 1 << 18

// DefaultOptions are the engine's defaults: a 64 MiB table on one thread,
// and (Eval nil) the pattern evaluation with the embedded weights.
func DefaultOptions() Options {
	return Options{HashMB: 64, Threads: 1}
}

// Engine owns a transposition table, an evaluation and options, and
// searches positions. It runs one search at a time; Stop may be called from
// any goroutine. There is no global state: engines are independent.
type Engine struct {
	opts Options
	tt   *TT
	stop atomic.Bool // set by Stop, a cancelled context or the clock
	// searchID numbers searches, so that a late timer stops only its own.
	searchID  atomic.Uint64
	nodes     atomic.Uint64 // nodes of the running search, all threads
	nodeLimit uint64        // node budget of the running search (0: none)
	threads   *threads      // the threads of the running search; nil on one thread
	// solved caches finished solves across searches; nil when disabled.
	solved *SolvedCache
	// running is held by Search and Solve, so that Close can wait for the
	// search it stops before it frees the table.
	running sync.Mutex
	closed  atomic.Bool // set by Close; a search begun after it stops at once
	// locals are the threads' local tables (localtt.go), made at a
	// thread's first search and kept for the next, as their exact bounds
	// stay true: a new 384 KiB table for every search would cost the many
	// short searches of the lab's tools.
	locals []*localTable
	// localScoring is the scoring whose exact values the local tables hold.
	localScoring bitboard.Scoring
}

// New returns an engine with the given options (zero fields take
// defaults). It fails when the table does not fit in the memory available
// (CheckTableFits), or when Eval is nil and the embedded weights cannot be
// decoded.
func New(opts Options) (*Engine, error) {
	def := DefaultOptions()
	if opts.HashMB <= 0 {
		opts.HashMB = def.HashMB
	}
	if opts.Threads <= 0 {
		opts.Threads = def.Threads
	}
	if opts.Eval == nil {
		p, err := eval.Default()
		if err != nil {
			return nil, err
		}
		opts.Eval = p
	}
	if opts.Order == nil {
		o, err := eval.DefaultOrder()
		if err != nil {
			return nil, err
		}
		opts.Order = o
	}
	if opts.Probcut == nil {
		m := DefaultProbcut()
		opts.Probcut = &m
	}
	if err := CheckTableFits(opts.HashMB, 0); err != nil {
		return nil, err
	}
	e := &Engine{opts: opts, tt: NewTT(opts.HashMB)}
	if opts.SolvedEntries > 0 {
		// NewSolvedCache fails only on a size below one, which the
		// condition rules out.
		e.solved, _ = NewSolvedCache(opts.SolvedEntries)
	}
	return e, nil
}

// Close releases the engine's memory and background resources: the table
// and the solved cache's goroutines. It stops a running search and waits
// for it to return first, so it may be called from any goroutine. The
// engine must not be used after.
func (e *Engine) Close() {
	e.closed.Store(true)
	e.Stop()
	e.running.Lock()
	defer e.running.Unlock()
	if e.solved != nil {
		e.solved.Close()
	}
	e.tt.free()
}

// SolvedStats returns the hits and misses of the solved-position cache.
func (e *Engine) SolvedStats() (hits, misses uint64) {
	if e.solved == nil {
		return 0, 0
	}
	return e.solved.Stats()
}

// Options returns the engine's options.
func (e *Engine) Options() Options { return e.opts }

// Nodes returns the nodes that the running search (or the last one) has
// searched so far on all its threads; a progress display may call it while
// the search runs.
func (e *Engine) Nodes() uint64 { return e.nodes.Load() }

// Stop asks the running search to return as soon as it can.
func (e *Engine) Stop() { e.stop.Store(true) }

// NewGame forgets everything learned in earlier searches.
func (e *Engine) NewGame() {
	e.tt.Clear()
	e.clearLocals()
}

// clearLocals empties the threads' local tables.
func (e *Engine) clearLocals() {
	for _, t := range e.locals {
		if t != nil {
			clear(t[:])
		}
	}
}

// threadLocal returns thread id's local table for a search under scoring,
// cleared when the last search scored otherwise.
func (e *Engine) threadLocal(id int, scoring bitboard.Scoring) *localTable {
	if scoring != e.localScoring {
		e.clearLocals()
		e.localScoring = scoring
	}
	if e.locals == nil {
		e.locals = make([]*localTable, e.opts.Threads)
	}
	if e.locals[id] == nil {
		e.locals[id] = new(localTable)
	}
	return e.locals[id]
}

// maxPly bounds the depth of any line: 60 moves plus passes.
const maxPly = 128

// infScore is above any final score.
const infScore = 127

// worker is one search thread's state.
type worker struct {
	e  *Engine
	tt *TT
	// inc is the engine's evaluation as an Incremental (wrapped in
	// boardEval when it is not one), so that scoring a leaf is one
	// interface call; track says whether it scores the features, and so
	// whether they are kept.
	inc   eval.Incremental
	track bool
	// feats[fp] are the features of the current node when tracked, and
	// feats[:fp] those of the nodes above it: leave restores the parent's
	// by stepping back instead of undoing the move. On the bench at depth
	// 11 this searched 1.25x the nodes per CPU second of Play then Undo.
	feats     []eval.Features
	fp        int
	orderEval *eval.Order // the endgame's ordering evaluation, read from feats
	local     *localTable // exact bounds of the shallow layer's positions (localtt.go)
	black     bool        // whether the side to move is "black" in the features' frame
	id        int         // 0 for the main thread, helpers from 1
	split     *split      // innermost split this worker works for, or nil
	helping
	nodes        uint64
	reported     uint64 // nodes already added to the engine's counter
	scoring      bitboard.Scoring
	stopped      bool
	selectivity  uint8 // index into selectivityT
	mpc          ProbcutModel
	probcutLevel int
	rootMove     int // best root move of the running iteration so far
	rootScore    int
	pv           [maxPly][maxPly]int8
	pvLen        [maxPly]int
}

func newWorker(e *Engine, rules bitboard.Rules, id int) *worker {
	w := &worker{
		e: e, tt: e.tt, id: id,
		scoring: rules.Scoring, selectivity: noProbcut, mpc: *e.opts.Probcut, orderEval: e.opts.Order,
		rootMove: noMove, // none until a root search finds one: the classic search never does
		local:    e.threadLocal(id, rules.Scoring),
	}
	w.inc, w.track = e.opts.Eval.(eval.Incremental)
	if !w.track {
		w.inc = boardEval{e.opts.Eval}
	}
	if e.opts.Leaf != nil {
		w.inc = leafHook{w.inc, e.opts.Leaf}
	}
	w.feats = make([]eval.Features, 64) // enough for 60 moves: grows only when a helper nests splits
	return w
}

// pollStop reports the nodes searched to the engine and looks at the stop
// flag, the node budget and the splits the worker works for.
func (w *worker) pollStop() {
	total := w.e.nodes.Add(w.nodes - w.reported)
	w.reported = w.nodes
	if w.e.stop.Load() || (w.e.nodeLimit > 0 && total >= w.e.nodeLimit) {
		w.stopped = true
		return
	}
	for s := w.split; s != nil; s = s.parent {
		if s.abort.Load() {
			w.stopped = true
			return
		}
	}
}
