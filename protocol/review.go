package protocol

import (
	"strings"

	"github.com/sable-othello/sable/review"
	"github.com/sable-othello/sable/search"
)

// review reviews the game so far as "sable review" does, with the
// session's engine and book at its level (the default one when it has
// none), exact from where that level solves. An interrupt stops it early;
// the table then says how many moves it holds.
func (s *session) review() (string, error) {
	level := s.settings.Level
	if level == 0 {
		level = DefaultLevel
	}
	g := review.PlayedGame{Index: 1, Start: s.game.Start()}
	for _, p := range s.game.Plies() {
		g.Moves = append(g.Moves, p.Move)
	}
	r := review.NewReviewer(s.engine, review.Config{Level: level, Exact: search.ExactEmpties(level), Book: s.player.Book()})
	ctx, release := s.in.searchContext(s.epoch)
	defer release()
	moves, err := r.Game(ctx, g, nil, nil)
	if err != nil && ctx.Err() == nil {
		return "", err
	}
	var table strings.Builder
	if err := review.WriteTable(&table, &review.GameReview{PlayedGame: g, Reviewed: moves}, review.DefaultThresholds()); err != nil {
		return "", err
	}
	return strings.TrimRight(table.String(), "\n"), nil
}
