package label

import (
	"math/bits"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/span"
)

// deviation returns the position one move off game g's line: of the
// positions the game played (from g.skip on) whose children have band's
// empties, one with another legal move than the game's is drawn, and that
// other move played. Both draws come from gameRand. It returns false when
// the game has no such position, or when the child's mover must pass or
// the game is over (a child is labelled from its mover's view, as every
// label is).
func deviation(g *game, ps []bitboard.Position, band span.Span, seed uint64) (bitboard.Position, bool) {
	var parents []int
	for k := g.skip; k < len(ps)-1; k++ {
		b := ps[k].Board
		if band.Contains(b.NumEmpties()-1) && bits.OnesCount64(b.Moves()) >= 2 {
			parents = append(parents, k)
		}
	}
	if len(parents) == 0 {
		return bitboard.Position{}, false
	}
	rng := gameRand(ps, seed)
	k := parents[rng.IntN(len(parents))]
	p, next := ps[k], ps[k+1].Board
	played := (next.P | next.O) &^ (p.Board.P | p.Board.O)
	child := p.Play(bitboard.RandomMove(rng, p.Board.Moves()&^played))
	if child.MustPass() || child.GameOver() {
		return bitboard.Position{}, false
	}
	return child, true
}
