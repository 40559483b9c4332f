package label

import (
	"context"
	"fmt"
	"hash/fnv"
	"math/bits"
	"math/rand/v2"
	"os"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/span"
	"github.com/sable-othello/sable/tools/dataset"
)

// deviation returns the position one move off game g's line: of the
// positions the game played (from g.skip on) whose children have band's
// empties, one with another legal move than the game's is drawn, and that
// other move played. Both draws come from a generator seeded by seed and
// the game's boards, so a game gives the same deviation whatever file or
// order it comes in. It returns false when the game has no such position,
// or when the child's mover must pass or the game is over (a child is
// labelled from its mover's view, as every label is).
func deviation(g *game, ps []bitboard.Position, band span.Span, seed uint64) (bitboard.Position, bool) {
	h := fnv.New64a()
	var parents []int
	for k := range ps[:len(ps)-1] {
		b := ps[k].Board
		fmt.Fprintf(h, "%x%x", b.P, b.O) // the draws of docs/training.md's sets depend on this text
		if k >= g.skip && band.Contains(b.NumEmpties()-1) && bits.OnesCount64(b.Moves()) >= 2 {
			parents = append(parents, k)
		}
	}
	if len(parents) == 0 {
		return bitboard.Position{}, false
	}
	rng := rand.New(rand.NewPCG(seed, h.Sum64()))
	k := parents[rng.IntN(len(parents))]
	p, next := ps[k], ps[k+1].Board
	played := (next.P | next.O) &^ (p.Board.P | p.Board.O)
	child := p.Play(bitboard.RandomMove(rng, p.Board.Moves()&^played))
	if child.MustPass() || child.GameOver() {
		return bitboard.Position{}, false
	}
	return child, true
}

// labelDeviations labels one deviation of each game (see deviation),
// solved exactly or searched (valuer.value), so that the labels measure or
// teach the positions just after a mistake, which games of good play
// seldom reach. The values are cached like the others.
func labelDeviations(ctx context.Context, v *valuer, games []game, band span.Span, seed uint64) ([]dataset.Label, error) {
	vals, err := v.load()
	if err != nil {
		return nil, err
	}
	var children []bitboard.Board // canonical
	var jobs []job
	queued := map[bitboard.Board]bool{}
	for i := range games {
		ps, err := games[i].replay()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", games[i].name, err)
		}
		child, ok := deviation(&games[i], ps, band, seed)
		if !ok {
			continue
		}
		c, _ := child.Board.Canonical()
		children = append(children, c)
		if v.queue(c, vals, queued) {
			jobs = append(jobs, job{child})
		}
	}
	if !v.quiet {
		fmt.Fprintf(os.Stderr, "label: %d deviations from %d games, %d to value\n", len(children), len(games), len(jobs))
	}
	if err := v.run(ctx, jobs, len(jobs), vals); err != nil || v.shard.Count > 1 {
		return nil, err
	}
	raw := make([]dataset.Label, len(children))
	for i, c := range children {
		raw[i] = dataset.Label{P: c.P, O: c.O, Score: vals[c].score, Exact: vals[c].exact, Count: 1}
	}
	return dedup(raw, nil), nil // one value a board: no two scores to disagree
}
