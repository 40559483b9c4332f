package protocol

import (
	"context"
	"errors"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/book"
)

// Reviewer returns the move table of a game for GTP's sable-review. The
// protocol only translates: cmd/sable supplies the one of tools/review,
// which sits beside this package and so is not imported by it.
type Reviewer func(ctx context.Context, g ReviewGame) (string, error)

// ReviewGame is the game so far and what a review of it uses: the
// session's engine, book and level.
type ReviewGame struct {
	Engine Engine
	Book   *book.Book // nil when the session plays without one
	Level  int
	Start  bitboard.Position
	Moves  []int // the moves played, passes included
}

// errNoReviewer answers sable-review in a session set up without one.
var errNoReviewer = errors.New("review is not available in this session")

// review reviews the game so far with the configured Reviewer, at the
// session's level (the default one when it has none). An interrupt stops
// it early; the table then says how many moves it holds.
func (s *session) review() (string, error) {
	if s.cfg.Review == nil {
		return "", errNoReviewer
	}
	level := s.settings.Level
	if level == 0 {
		level = DefaultLevel
	}
	g := ReviewGame{Engine: s.engine, Book: s.player.Book(), Level: level, Start: s.game.Start()}
	for _, p := range s.game.Plies() {
		g.Moves = append(g.Moves, p.Move)
	}
	ctx, release := s.in.searchContext(s.epoch)
	defer release()
	return s.cfg.Review(ctx, g)
}
