package search

import (
	"context"
	"math/bits"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// plan is what one search will do, derived from its Limits.
type plan struct {
	maxDepth    int   // deepest midgame iteration
	selectivity uint8 // probcut level of midgame iterations
	exact       bool  // solve the position exactly
	wld         bool  // solve it for win/loss/draw only
	soft        time.Duration
}

// makePlan turns limits into a plan.
func makePlan(lim Limits, empties int) plan {
	pl := plan{maxDepth: 60, selectivity: noProbcut}
	exactEmpties, wldEmpties := 60, 60
	if lim.Level > 0 {
		pl.maxDepth, pl.selectivity, exactEmpties, wldEmpties = levelPlan(lim.Level)
	}
	if lim.Level == 0 && lim.Depth == 0 && lim.timed() {
		pl.selectivity = timedSelectivity
	}
	if lim.Selectivity > 0 {
		pl.selectivity = selectivityIndex(lim.Selectivity)
	}
	if lim.Depth > 0 {
		pl.maxDepth = min(pl.maxDepth, lim.Depth)
		exactEmpties = min(exactEmpties, lim.Depth)
		wldEmpties = min(wldEmpties, lim.Depth)
	}
	pl.exact = empties <= exactEmpties
	pl.wld = !pl.exact && empties <= wldEmpties
	pl.soft, _ = budget(lim, empties)
	return pl
}

// solving says whether the plan searches to the end of the game.
func (pl plan) solving() bool { return pl.exact || pl.wld }

// lastMidgame returns the deepest midgame iteration at the given empties:
// solveGap short of the end when a solve follows.
func (pl plan) lastMidgame(empties int) int {
	last := min(pl.maxDepth, empties-1)
	if pl.solving() {
		last = min(last, empties-solveGap)
	}
	return last
}

// midgameSelectivity returns the probcut level of the midgame iteration of
// the given depth: the plan's from depth mpcMinDepth+2 on, none before.
func (pl plan) midgameSelectivity(depth int) uint8 {
	if depth >= mpcMinDepth+2 {
		return pl.selectivity
	}
	return noProbcut
}

// Search finds a move for pos within the limits, calling info (when not nil)
// after each completed iteration. It returns when the limits are reached,
// the context is cancelled, Stop is called, or the game is solved.
func (e *Engine) Search(ctx context.Context, pos bitboard.Position, lim Limits, info func(Info)) Result {
	start := time.Now()
	empties := pos.Board.NumEmpties()
	defer e.acquire(ctx, lim, empties)()
	if res, ok := finishedGame(pos); ok {
		return res
	}
	pl := makePlan(lim, empties)
	if e.solved != nil && pl.exact {
		if res, ok := e.solved.Get(pos, false); ok {
			res.Elapsed = time.Since(start)
			if info != nil {
				info(res.Info)
			}
			return res
		}
	}
	var res Result
	if pos.Rules.Variant != bitboard.Othello {
		res = e.searchClassic(pos, pl, start, info)
	} else {
		res = e.parallel(pos.Rules, func(w *worker) Result {
			return w.iterate(pos.Board.P, pos.Board.O, pl, start, info)
		})
	}
	if e.solved != nil {
		e.solved.Put(pos, res)
	}
	return res
}

// acquire starts a search of a position with empties empty squares on e:
// it waits for the engine to be free, resets it, and stops the search when
// ctx is cancelled or the limits' hard time is up. The search ends with
// the function it returns.
func (e *Engine) acquire(ctx context.Context, lim Limits, empties int) (release func()) {
	e.running.Lock()
	stop := e.begin(lim)
	unwatch := context.AfterFunc(ctx, stop)
	var timer *time.Timer
	if _, hard := budget(lim, empties); hard > 0 {
		timer = time.AfterFunc(hard, stop)
	}
	return func() {
		if timer != nil {
			timer.Stop()
		}
		unwatch()
		e.running.Unlock()
	}
}

// begin resets the per-search state; the caller holds e.running. It
// returns the function that stops this search, and only this one: a timer
// or context that fires late cannot stop the engine's next search.
func (e *Engine) begin(lim Limits) (stop func()) {
	id := e.searchID.Add(1)
	e.stop.Store(false)
	// A Close that stopped the engine before the reset above waits for this
	// search: it must not run to its limits.
	if e.closed.Load() {
		e.stop.Store(true)
	}
	e.nodes.Store(0)
	e.nodeLimit = lim.Nodes
	e.tt.NewSearch()
	return func() {
		if e.searchID.Load() == id {
			e.stop.Store(true)
		}
	}
}

// finishedGame answers a finished game, which has nothing to search.
func finishedGame(pos bitboard.Position) (Result, bool) {
	if !pos.GameOver() {
		return Result{}, false
	}
	return Result{Move: bitboard.PassMove, Info: Info{Selectivity: 100, Score: pos.Score(), Exact: true}}, true
}

// iterate deepens the search of (p, o) until the plan or the clock ends it.
func (w *worker) iterate(p, o uint64, pl plan, start time.Time, report func(Info)) Result {
	empties := bits.OnesCount64(^(p | o))
	w.setRoot(p, o)
	// Until an iteration finishes, any legal move is the answer.
	best := Result{Move: bitboard.PassMove}
	if m := bitboard.Moves(p, o); m != 0 {
		best.Move = bits.TrailingZeros64(m)
	}
	best.PV = []int{best.Move}
	score := w.inc.Evaluate(p, o)
	// step runs one iteration; false ends the search: it was stopped, or
	// the soft time limit has passed.
	step := func(depth int, sel uint8) bool {
		w.selectivity = sel
		v, ok := w.aspirateRoot(p, o, score, depth, -64, 64)
		if !w.record(&best, ok, v, depth, start, false, false) {
			return false
		}
		score = v
		w.publish(best, report)
		return pl.soft == 0 || time.Since(start) <= pl.soft
	}
	for depth := 1; depth <= pl.lastMidgame(empties); depth++ {
		if !step(depth, pl.midgameSelectivity(depth)) {
			return best
		}
	}
	if pl.solving() {
		// Searches to the end of the game cut by probcut give the exact
		// one its best moves and a close aspiration window.
		for _, it := range solveIterations {
			if empties < it.minEmpties {
				break
			}
			if !step(empties, it.selectivity) {
				return best
			}
		}
		w.selectivity = noProbcut
		lo, hi := -64, 64
		if pl.wld {
			lo, hi = -1, 1
		}
		v, ok := w.aspirateRoot(p, o, score, empties, lo, hi)
		if pl.wld && ok {
			v = max(-1, min(1, v))
		}
		if w.record(&best, ok, v, empties, start, !pl.wld, pl.wld) {
			w.publish(best, report)
		}
	}
	return best
}

// aspirateRoot searches the root (p, o) to depth with aspiration.
func (w *worker) aspirateRoot(p, o uint64, guess, depth, lo, hi int) (int, bool) {
	w.rootMove = noMove
	return w.aspirate(guess, depth, lo, hi, func(alpha, beta int) int { return w.pvs(p, o, alpha, beta, depth, 0) })
}

// aspirate runs search, a search to depth, with a window around the
// expected score, widening it on failure, within [lo, hi]. It reports
// whether the search finished.
func (w *worker) aspirate(guess, depth, lo, hi int, search func(alpha, beta int) int) (int, bool) {
	delta := aspirationWindow
	alpha, beta := max(lo, guess-delta), min(hi, guess+delta)
	if depth < 4 || alpha >= beta {
		alpha, beta = lo, hi
	}
	for {
		v := search(alpha, beta)
		if w.stopped {
			return v, false
		}
		switch {
		case v <= alpha && alpha > lo:
			alpha = max(lo, alpha-delta)
		case v >= beta && beta < hi:
			beta = min(hi, beta+delta)
		default:
			return v, true
		}
		delta *= 2
	}
}

// record stores a finished (ok) iteration as the best result. A stopped
// iteration keeps the previous result unless it had already proved another
// root move better than the previous best at its depth. It reports whether
// to go on.
func (w *worker) record(best *Result, ok bool, v, depth int, start time.Time, exact, wld bool) bool {
	if !ok {
		if w.rootMove != noMove && w.rootMove != best.Move {
			best.Move, best.Score = w.rootMove, w.rootScore
			best.PV = []int{w.rootMove}
		}
		best.Stopped = true
		best.Nodes, best.Elapsed = w.nodes, time.Since(start)
		return false
	}
	pv := w.pvMoves()
	best.Info = Info{
		Depth: depth, Selectivity: selectivityPercent[w.selectivity], Exact: exact, WLD: wld,
		Score: v, PV: pv, Nodes: w.e.nodes.Load() + w.nodes - w.reported, Elapsed: time.Since(start),
	}
	if len(pv) > 0 {
		best.Move = pv[0]
	}
	return true
}

// publish sends an iteration's result to the callback.
func (w *worker) publish(best Result, report func(Info)) {
	if report != nil {
		report(best.Info)
	}
}
