package web

import (
	"net/http"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/review"
	"github.com/sable-othello/sable/search"
)

// reviewRequest asks for the review of the game.
type reviewRequest struct {
	searchRequest
	Level int `json:"level"` // of the searched values; 0: the server's
}

// reviewRowJSON is the review of one move, as "sable review"'s table has it.
type reviewRowJSON struct {
	Number      int    `json:"n"`   // moves made before it plus one; passes are not moves
	Ply         int    `json:"ply"` // the plies before it
	Color       string `json:"color"`
	Empties     int    `json:"empties"`
	Played      string `json:"played"`
	PlayedValue int    `json:"playedValue"`
	Best        string `json:"best"`
	BestValue   int    `json:"bestValue"`
	Loss        int    `json:"loss"`
	Mark        string `json:"mark"`   // "", "inaccuracy", "mistake", "blunder"
	Symbol      string `json:"symbol"` // "", "?!", "?", "??"
	Source      string `json:"source"` // "search", "exact" or "book"
}

// totalsJSON are one player's losses over the game.
type totalsJSON struct {
	Moves        int     `json:"moves"`
	Loss         int     `json:"loss"`
	Average      float64 `json:"average"`
	Inaccuracies int     `json:"inaccuracies"`
	Mistakes     int     `json:"mistakes"`
	Blunders     int     `json:"blunders"`
}

// handleReview reviews the game's moves, finished or not.
func (s *Server) handleReview(w http.ResponseWriter, r *http.Request) {
	var req reviewRequest
	level := s.cfg.Level
	g, run, ok := s.start(w, r, &req, &req.searchRequest, func(g *game) error {
		switch {
		case req.Level < 0 || req.Level > search.MaxLevel:
			return badRequest("level %d: want 1..%d, or 0 for the server's", req.Level, search.MaxLevel)
		case len(g.plies) == 0:
			return badRequest("no move to review")
		case req.Level > 0:
			level = req.Level
		}
		return nil
	})
	if !ok {
		return
	}
	defer run.end()
	st := newStream(w)
	cfg := review.Config{Level: level, Exact: search.ExactEmpties(level)}
	if s.usesBook(g.start) {
		cfg.Book = s.player.Book()
	}
	th := review.DefaultThresholds()
	plyOf := make([]int, 0, len(g.plies)) // the ply of each move, by number
	for i, m := range g.plies {
		if m != bitboard.PassMove {
			plyOf = append(plyOf, i)
		}
	}
	gr := review.GameReview{PlayedGame: review.PlayedGame{Index: 1, Start: g.start, Moves: g.plies}}
	moves, err := review.NewReviewer(run.eng, cfg).Game(run.ctx, gr.PlayedGame, nil, func(mv review.Move) {
		mark := th.Mark(mv.Loss)
		st.send("move", reviewRowJSON{Number: mv.Number, Ply: plyOf[mv.Number-1], Color: mv.Color.String(),
			Empties: mv.Empties, Played: moveName(mv.Played), PlayedValue: mv.PlayedValue, Best: moveName(mv.Best),
			BestValue: mv.BestValue, Loss: mv.Loss, Mark: mark.String(), Symbol: mark.Symbol(), Source: mv.SourceName()})
	})
	if run.gone.Err() != nil {
		return
	}
	if err != nil && run.ctx.Err() == nil {
		st.send("error", map[string]string{"error": err.Error()})
		return
	}
	gr.Reviewed = moves
	t := gr.Totals(th)
	out := map[string]any{"stopped": !gr.Complete(), "level": level}
	for _, c := range []bitboard.Color{bitboard.Black, bitboard.White} {
		out[c.String()] = totalsJSON{Moves: t[c].Moves, Loss: t[c].Loss, Average: t[c].Average(),
			Inaccuracies: t[c].Marks[review.Inaccuracy], Mistakes: t[c].Marks[review.Mistake], Blunders: t[c].Marks[review.Blunder]}
	}
	st.send("done", out)
}
