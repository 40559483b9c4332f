package dataset

import (
	"math/rand/v2"

	"github.com/sable-othello/sable/bitboard"
)

// DrawPrefix plays the moves of game index of run h that the engine does
// not choose: one of the openings when there are any, then the random
// moves, all drawn from a generator seeded with (h.Seed, index), so that
// every machine draws the same ones. It returns them and the position after
// them, which may end the game. Self-play begins its games with them, and
// format v5 leaves them out of the file for the reader to draw again: Go
// keeps a seeded generator's outputs from version to version (math/rand/v2's
// regression test), and TestTheDrawnMovesStayTheSame checks ours.
func DrawPrefix(h GamesHeader, index int, openings [][]int) ([]int, bitboard.Position, error) {
	rng := rand.New(rand.NewPCG(h.Seed, uint64(index)))
	random := h.RandomMin + rng.IntN(h.RandomMax-h.RandomMin+1)
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	var moves []int
	if len(openings) > 0 {
		opening := openings[rng.IntN(len(openings))]
		var err error
		if pos, err = bitboard.Replay(pos, opening); err != nil {
			return nil, pos, err
		}
		moves = append(moves, opening...)
		random += len(opening)
	}
	for len(moves) < random && !pos.GameOver() {
		if pos.MustPass() {
			pos = pos.Pass()
		}
		m := bitboard.RandomMove(rng, pos.Moves())
		moves = append(moves, m)
		pos = pos.Play(m)
	}
	return moves, pos, nil
}
