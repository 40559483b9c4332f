package label

import (
	"context"
	"math/bits"
	"math/rand/v2"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/span"
	"github.com/sable-othello/sable/search"
)

// capturer draws positions from searches: those that a search evaluates,
// whose values the evaluation exists to get right. Games of good play hold
// few of them; NTest's coefficients are fitted on such captures
// (docs/training.md).
type capturer struct {
	eng         *search.Engine
	depth       int // of the capturing searches
	selectivity int
	band        span.Span
	rng         *rand.Rand     // the running search's game's draws
	n           int            // evaluations of the running search that may be kept
	kept        bitboard.Board // the board of one of them, each as likely
}

// newCapturer returns a capturer whose searches go to depth with the
// selectivity and evaluation ev (nil: the embedded weights), keeping
// positions with band's empties.
func newCapturer(ev eval.Evaluator, depth, selectivity int, band span.Span) (*capturer, error) {
	c := &capturer{depth: depth, selectivity: selectivity, band: band}
	eng, err := search.New(search.Options{HashMB: searchHashMB(depth), Threads: 1, Eval: ev, Leaf: c.leaf})
	if err != nil {
		return nil, err
	}
	c.eng = eng
	return c, nil
}

// leaf is the engine's Leaf: a board in the band whose mover has a move
// replaces the kept one with chance 1/n, so that each evaluation is kept
// as likely (a board evaluated twice, as likely as two).
func (c *capturer) leaf(p, o uint64) {
	if !c.band.Contains(bits.OnesCount64(^(p | o))) || bitboard.Moves(p, o) == 0 {
		return
	}
	c.n++
	if c.rng.IntN(c.n) == 0 {
		c.kept = bitboard.Board{P: p, O: o}
	}
}

// capture returns a position that a search from game g's line evaluates:
// of the positions the game played (from g.skip on) with the capturer's
// depth more empties than the band holds, one with a move is drawn and
// searched, and one of the search's evaluations with band's empties is
// kept. Most are the depth-D leaves; iterative deepening, Multi-ProbCut's
// shallow searches, the move ordering and the root's first guess evaluate
// positions nearer the root. The draws come from gameRand, and the search
// from an empty table is deterministic, so a game captures the same
// position wherever it runs. It returns false when the game or the search
// has none.
func (c *capturer) capture(ctx context.Context, g *game, ps []bitboard.Position, seed uint64) (bitboard.Position, bool, error) {
	var roots []int
	for k := g.skip; k < len(ps)-1; k++ {
		if b := ps[k].Board; c.band.Contains(b.NumEmpties()-c.depth) && b.Moves() != 0 {
			roots = append(roots, k)
		}
	}
	if len(roots) == 0 {
		return bitboard.Position{}, false, nil
	}
	c.rng, c.n = gameRand(ps, seed), 0
	root := ps[roots[c.rng.IntN(len(roots))]]
	c.eng.NewGame()
	if res := c.eng.Search(ctx, root, search.Limits{Depth: c.depth, Selectivity: c.selectivity}, nil); res.Stopped {
		if err := ctx.Err(); err != nil {
			return bitboard.Position{}, false, err
		}
		return bitboard.Position{}, false, errSearchStopped
	}
	if c.n == 0 {
		return bitboard.Position{}, false, nil
	}
	return bitboard.FromBoard(c.kept, bitboard.Black, root.Rules), true, nil
}
