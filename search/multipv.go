package search

import (
	"context"
	"math/bits"
	"slices"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// The multi-PV search values several root moves, each with its own window,
// through the iterations of one iterative deepening: each iteration
// searches the moves best first by the last one's values, so that the
// table it fills serves them all. The best count moves get exact values
// (within an aspiration window around their last value); every other move
// is first tested with a null window against the count-th best value, and
// searched in full only when it beats it.

// Analysis is what a multi-PV search found in its last completed
// iteration: the best root moves with their values, best first.
type Analysis struct {
	Moves       []MoveValue
	Depth       int           // plies searched (empties when the iteration reached the end)
	Selectivity int           // confidence in percent: 100 when no cut is probabilistic
	Exact       bool          // the values are exact final disc differences
	WLD         bool          // only the values' signs are proven: 1 win, 0 draw, -1 loss
	Nodes       uint64        // nodes searched so far
	Elapsed     time.Duration // since the search started
	Stopped     bool          // the search was cut short: stopped, cancelled, or out of time or nodes
}

// Analyze values the best count moves of pos (every legal move when count
// is 0 or less, or at least their number), best first; a forced pass is
// one move, bitboard.PassMove. It deepens as Search does within the
// limits, calling info (when not nil) after each completed iteration, and
// returns the last one when the limits are reached, the context is
// cancelled, Stop is called or the game is solved. A finished game has no
// moves.
func (e *Engine) Analyze(ctx context.Context, pos bitboard.Position, lim Limits, count int, info func(Analysis)) Analysis {
	start := time.Now()
	empties := pos.Board.NumEmpties()
	defer e.acquire(ctx, lim, empties)()
	if pos.GameOver() {
		return Analysis{Selectivity: 100, Exact: true}
	}
	if count <= 0 {
		count = maxMoves
	}
	pl := makePlan(lim, empties)
	var res Analysis
	if pos.Rules.Variant != bitboard.Othello {
		w := newWorker(e, pos.Rules, 0)
		res = newAnalyst(w, pos, count, start, info).classic(pl)
		w.pollStop()
	} else {
		e.parallel(pos.Rules, func(w *worker) Result {
			w.setRoot(pos.Board.P, pos.Board.O)
			res = newAnalyst(w, pos, count, start, info).othello(pl)
			return Result{}
		})
	}
	res.Nodes = e.nodes.Load()
	return res
}

// rootMove is a root move of a multi-PV search and what is known of it.
type rootMove struct {
	move  int               // a square, or bitboard.PassMove
	child bitboard.Position // the position after it
	flips uint64
	score int
	bound bool // score is only an upper bound: the move is not among the best count
	pv    []int
}

// analyst runs the iterations of one multi-PV search on a worker.
type analyst struct {
	w       *worker
	empties int // of the root
	roots   []rootMove
	count   int
	start   time.Time
	report  func(Analysis)
	last    Analysis // the last completed iteration
	// search values root move r to the root's depth within (alpha, beta),
	// for the root's side, leaving the line after r in the worker's PV at
	// ply 1.
	search func(r *rootMove, alpha, beta, depth int) int
}

func newAnalyst(w *worker, pos bitboard.Position, count int, start time.Time, report func(Analysis)) *analyst {
	a := &analyst{w: w, empties: pos.Board.NumEmpties(), count: count, start: start, report: report}
	moves := pos.Moves()
	if moves == 0 {
		a.roots = []rootMove{{move: bitboard.PassMove, child: pos.Pass()}}
	}
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		a.roots = append(a.roots, rootMove{move: sq, child: pos.Play(sq), flips: pos.Flips(sq)})
	}
	a.last.Stopped = true // until an iteration completes
	return a
}

// othello runs the iterations of Search's plan (iterate's): the midgame
// depths, then, when the plan solves, the selective searches to the end
// and the exact or win/loss/draw one.
func (a *analyst) othello(pl plan) Analysis {
	w, empties := a.w, a.empties
	a.search = func(r *rootMove, alpha, beta, depth int) int {
		p, o := r.child.Board.P, r.child.Board.O
		if r.move == bitboard.PassMove {
			w.black = !w.black
			v := -w.pvs(p, o, -beta, -alpha, depth, 1)
			w.black = !w.black
			return v
		}
		w.enter(r.move, r.flips)
		v := -w.pvs(p, o, -beta, -alpha, depth-1, 1)
		w.leave()
		return v
	}
	for depth := 1; depth <= pl.lastMidgame(empties); depth++ {
		if !a.iteration(pl, depth, pl.midgameSelectivity(depth), -64, 64, false, false) {
			return a.last
		}
	}
	if pl.solving() {
		for _, it := range solveIterations {
			if empties < it.minEmpties {
				break
			}
			if !a.iteration(pl, empties, it.selectivity, -64, 64, false, false) {
				return a.last
			}
		}
		lo, hi := -64, 64
		if pl.wld {
			lo, hi = -1, 1
		}
		a.iteration(pl, empties, noProbcut, lo, hi, pl.exact, pl.wld)
	}
	return a.last
}

// classic runs searchClassic's iterations: deeper until the end, which is
// solved at once when the plan solves.
func (a *analyst) classic(pl plan) Analysis {
	w := a.w
	a.search = func(r *rootMove, alpha, beta, depth int) int {
		if r.move != bitboard.PassMove && depth < infiniteDepth {
			depth--
		}
		return -w.classicSolve(&r.child, -beta, -alpha, depth, 1)
	}
	for depth := 1; depth <= min(pl.maxDepth, a.empties); depth++ {
		exact := depth >= a.empties
		if depth == a.empties || pl.exact {
			depth, exact = infiniteDepth, true
		}
		if !a.iteration(pl, depth, noProbcut, -infScore, infScore, exact, false) || exact {
			break
		}
	}
	return a.last
}

// iteration values the root moves at depth and selectivity within [lo,
// hi], records the iteration and reports it. It returns whether to go on:
// false once stopped or past the soft time limit.
func (a *analyst) iteration(pl plan, depth int, sel uint8, lo, hi int, exact, wld bool) bool {
	w := a.w
	w.selectivity = sel
	// Best first by the last values; a bound sorts below an equal value.
	slices.SortStableFunc(a.roots, func(x, y rootMove) int {
		if x.score != y.score {
			return y.score - x.score
		}
		return boolInt(x.bound) - boolInt(y.bound)
	})
	for i := range a.roots {
		r := &a.roots[i]
		var v int
		if i < a.count {
			v = a.aspirate(r, depth, lo, hi)
			r.bound = false
		} else {
			kth := a.kthBest(i)
			if v = a.search(r, kth, kth+1, depth); v > kth && !w.stopped {
				v = a.search(r, kth, hi, depth)
			}
			r.bound = v <= kth
		}
		if w.stopped {
			a.last.Stopped = true
			return false
		}
		if wld {
			v = max(-1, min(1, v))
		}
		r.score = v
		if !r.bound {
			w.setPV(0, r.move)
			r.pv = w.pvMoves()
		}
	}
	a.record(depth, sel, exact, wld)
	return pl.soft == 0 || time.Since(a.start) <= pl.soft
}

// aspirate values r within a window around its last value, widening it on
// failure, within [lo, hi].
func (a *analyst) aspirate(r *rootMove, depth, lo, hi int) int {
	v, _ := a.w.aspirate(r.score, depth, lo, hi, func(alpha, beta int) int { return a.search(r, alpha, beta, depth) })
	return v
}

// kthBest returns the count-th best value among the moves before index i
// that have one (not a bound): a later move must beat it to be among the
// best count.
func (a *analyst) kthBest(i int) int {
	var vals []int
	for _, r := range a.roots[:i] {
		if !r.bound {
			vals = append(vals, r.score)
		}
	}
	slices.Sort(vals)
	return vals[len(vals)-a.count]
}

// record makes the completed iteration the analysis, and reports it.
func (a *analyst) record(depth int, sel uint8, exact, wld bool) {
	w := a.w
	var moves []MoveValue
	for _, r := range a.roots {
		if !r.bound {
			moves = append(moves, MoveValue{Move: r.move, Score: r.score, PV: r.pv})
		}
	}
	slices.SortStableFunc(moves, func(x, y MoveValue) int { return y.Score - x.Score })
	a.last = Analysis{Moves: moves[:min(a.count, len(moves))], Depth: depth, Selectivity: selectivityPercent[sel],
		Exact: exact, WLD: wld, Nodes: w.e.nodes.Load() + w.nodes - w.reported, Elapsed: time.Since(a.start)}
	if depth == infiniteDepth {
		a.last.Depth = a.empties
	}
	if a.report != nil {
		a.report(a.last)
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
