package protocol

import (
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/search"
)

// chooseMove asks the player for the move in pos: the book's, or a search
// within lim that stops early on an interrupt as think does.
func (s *session) chooseMove(pos bitboard.Position, lim search.Limits) (search.Result, time.Duration) {
	ctx, release := s.in.searchContext(s.epoch)
	defer release()
	start := s.now()
	res, fromBook := s.player.Choose(ctx, pos, s.engine, lim)
	if fromBook {
		s.logf("book move %s (%+d)", bitboard.SquareName(res.Move), res.Score)
		return res, 0
	}
	return res, s.now().Sub(start)
}

// learn adds the game so far to the book, and answers where it went.
func (s *session) learn() (string, error) {
	var moves []int
	for _, p := range s.game.Plies() {
		moves = append(moves, p.Move)
	}
	ctx, release := s.in.searchContext(s.epoch)
	defer release()
	return s.player.Learn(ctx, s.game.Start(), moves, s.engine)
}
