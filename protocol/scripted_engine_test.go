package protocol

import (
	"context"
	"math/bits"
	"slices"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/search"
)

// scriptedEngine is the engine of the golden transcripts. They pin what
// the protocols do, so their moves and values must not change whenever the
// search or the evaluation does. Its midgame rule is fixed: the move that
// leaves the mover the most discs, the lowest square on a tie, valued by
// that disc difference, reported at every depth up to the limit with
// nodes = depth x moves. Exact answers (a solve, or a search whose depth
// reaches the end) come from the real solver, cut to what any correct
// solver gives: the score and the first move (nodes = empties). Its
// multi-PV analysis values each move by that rule one ply deeper, and
// reports the same values at every depth up to the limit, once if they
// are solved.
type scriptedEngine struct {
	solver *search.Engine
}

func newScriptedEngine(search.Options) (Engine, error) {
	solver, err := search.New(search.Options{HashMB: 4, Threads: 1})
	return &scriptedEngine{solver: solver}, err
}

func (e *scriptedEngine) NewGame() {}

func (e *scriptedEngine) Close() { e.solver.Close() }

func (e *scriptedEngine) Solve(ctx context.Context, pos bitboard.Position, wld bool) search.Result {
	res := e.solver.Solve(ctx, pos, wld)
	res.PV = res.PV[:min(1, len(res.PV))]
	res.Nodes = uint64(pos.Board.NumEmpties())
	return res
}

func (e *scriptedEngine) Search(ctx context.Context, pos bitboard.Position, lim search.Limits, info func(search.Info)) search.Result {
	depth := 1
	switch {
	case lim.Depth > 0:
		depth = lim.Depth
	case lim.Level > 0:
		depth = lim.Level
	}
	if pos.GameOver() || depth >= pos.Board.NumEmpties() {
		res := e.Solve(ctx, pos, false)
		if info != nil && !res.Stopped && !pos.GameOver() {
			info(res.Info)
		}
		return res
	}
	move, score := bitboard.PassMove, 0
	moves := pos.Moves()
	if moves != 0 {
		score = -65
		for m := moves; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			after := pos.Play(sq)
			opp, mine := after.Board.Count()
			if mine-opp > score {
				move, score = sq, mine-opp
			}
		}
	}
	res := search.Result{Move: move}
	for d := 1; d <= depth; d++ {
		if ctx.Err() != nil {
			res.Stopped = true
			return res
		}
		res.Info = search.Info{Depth: d, Selectivity: 100, Score: score, PV: []int{move}, Nodes: uint64(d * max(1, bits.OnesCount64(moves)))}
		if info != nil {
			info(res.Info)
		}
	}
	return res
}

func (e *scriptedEngine) Analyze(ctx context.Context, pos bitboard.Position, lim search.Limits, count int, info func(search.Analysis)) search.Analysis {
	depth := max(1, lim.Depth, lim.Level)
	if lim.Depth > 1 {
		lim.Depth--
	}
	a := search.Analysis{Selectivity: 100, Exact: true}
	value := func(move int, next bitboard.Position) {
		r := e.Search(ctx, next, lim, nil)
		a.Moves = append(a.Moves, search.MoveValue{Move: move, Score: -r.Score, PV: append([]int{move}, r.PV...)})
		a.Exact = a.Exact && r.Exact
		a.Nodes += r.Nodes
	}
	if pos.MustPass() {
		value(bitboard.PassMove, pos.Pass())
	}
	for m := pos.Moves(); m != 0; m &= m - 1 {
		value(bits.TrailingZeros64(m), pos.Play(bits.TrailingZeros64(m)))
	}
	slices.SortStableFunc(a.Moves, func(x, y search.MoveValue) int { return y.Score - x.Score })
	if count > 0 && count < len(a.Moves) {
		a.Moves = a.Moves[:count]
	}
	first := 1
	if a.Exact {
		first = pos.Board.NumEmpties()
		depth = first
	}
	for d := first; d <= depth && len(a.Moves) > 0; d++ {
		if ctx.Err() != nil {
			a.Stopped = true
			return a
		}
		a.Depth = d
		if info != nil {
			info(a)
		}
	}
	return a
}
