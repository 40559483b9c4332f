package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
	"github.com/sable-othello/sable/review"
	"github.com/sable-othello/sable/tools/wthor"
)

// readGames reads the games of a file for "sable review": a WTHOR .wtb
// file, GGF or SGF records, or transcripts one a line. rules are those of
// games whose record does not say. A bad record is refused naming its line
// and column. Every game is replayed, so that an illegal move is refused
// before any search, naming the game and the move.
func readGames(path string, data []byte, rules bitboard.Rules) ([]review.PlayedGame, error) {
	var games []review.PlayedGame
	var err error
	text := strings.TrimSpace(string(data))
	switch {
	case strings.EqualFold(filepath.Ext(path), ".wtb"):
		games, err = wthorReviewGames(path, data)
	case strings.HasPrefix(text, "("):
		games, err = recordGames(text, rules)
	default:
		games, err = transcriptGames(string(data), rules)
	}
	if err == nil && len(games) == 0 {
		err = errNoGames
	}
	var at *record.Error
	switch {
	case errors.As(err, &at):
		return nil, fmt.Errorf("%s:%d:%d: %w", path, at.Line, at.Column, err)
	case err != nil:
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	for _, g := range games {
		if _, err := bitboard.Replay(g.Start, g.Moves); err != nil {
			return nil, fmt.Errorf("%s: game %d: %w", path, g.Index, err)
		}
	}
	return games, nil
}

// wthorReviewGames reads the games of a WTHOR file, all from the Othello
// start. Players are named from the WTH.JOU file beside it, or by their
// number there when it is absent or unreadable.
func wthorReviewGames(path string, data []byte) ([]review.PlayedGame, error) {
	f, err := wthor.Parse(path, data)
	if err != nil {
		return nil, err
	}
	names, _ := wthor.ReadPlayers(filepath.Join(filepath.Dir(path), wthor.PlayersFile))
	name := func(id uint16) string {
		if int(id) < len(names) && names[id] != "" {
			return names[id]
		}
		return fmt.Sprintf("player %d", id)
	}
	games := make([]review.PlayedGame, len(f.Games))
	for i := range f.Games {
		g := &f.Games[i]
		moves, err := g.Moves()
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", i+1, err)
		}
		games[i] = review.PlayedGame{Index: i + 1, Black: name(g.Black), White: name(g.White),
			Start: bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), Moves: moves}
	}
	return games, nil
}

// recordGames reads every game of a file of GGF or SGF records. A record's
// rules come from it where it says them: its start position (an XOT start,
// or the empty board of classic Reversi) and the result of a game that
// ended with empty squares (disc or WOF scoring); otherwise from the flags.
func recordGames(text string, rules bitboard.Rules) ([]review.PlayedGame, error) {
	recs, err := record.ParseAll(text)
	if err != nil {
		return nil, err
	}
	games := make([]review.PlayedGame, len(recs))
	for i, r := range recs {
		if r.Type != "" && r.Type != "8" {
			return nil, fmt.Errorf("game %d: GGF TY[%s]: only 8x8 Othello is supported (TY[8])", i+1, r.Type)
		}
		gr := rules
		if r.Setup != nil && r.Setup.Board.P|r.Setup.Board.O == 0 && gr.Variant != bitboard.Classic {
			// Only classic Reversi starts from the empty board.
			gr = bitboard.Rules{Variant: bitboard.Classic, Scoring: bitboard.DefaultRules(bitboard.Classic).Scoring}
		}
		if sc, ok := recordedScoring(r, r.Start(gr)); ok {
			gr.Scoring = sc
		}
		games[i] = review.PlayedGame{Index: i + 1, Black: r.Players[bitboard.Black], White: r.Players[bitboard.White],
			Start: r.Start(gr), Moves: r.Squares()}
	}
	return games, nil
}

// recordedScoring returns the scoring that the recorded result of a game
// shows: on a board left with empty squares, the disc count and WOF differ.
func recordedScoring(r *record.Record, start bitboard.Position) (bitboard.Scoring, bool) {
	if !r.Result.Over || r.Result.Forfeit != 0 {
		return 0, false
	}
	end, err := bitboard.Replay(start, r.Squares())
	if err != nil || !end.GameOver() || end.Board.NumEmpties() == 0 {
		return 0, false
	}
	for _, sc := range []bitboard.Scoring{bitboard.WOF, bitboard.Discs} {
		v := bitboard.FinalScore(end.Board, sc)
		if end.Side == bitboard.White {
			v = -v
		}
		if float64(v) == r.Result.Diff {
			return sc, true
		}
	}
	return 0, false
}

// transcriptGames reads one transcript a line from the rules' start; blank
// lines and lines starting with # are skipped.
func transcriptGames(text string, rules bitboard.Rules) ([]review.PlayedGame, error) {
	var games []review.PlayedGame
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "#") {
			continue
		}
		moves, err := bitboard.ParseTranscript(line)
		var bad *bitboard.TranscriptError
		switch {
		case errors.As(err, &bad):
			return nil, &record.Error{Line: n + 1, Column: bad.Pos, Err: err}
		case err != nil:
			return nil, fmt.Errorf("line %d: %w", n+1, err)
		}
		games = append(games, review.PlayedGame{Index: len(games) + 1, Start: bitboard.NewGame(rules), Moves: moves})
	}
	return games, nil
}
