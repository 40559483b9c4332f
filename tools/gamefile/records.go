package gamefile

import (
	"fmt"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

// recordGames reads every game of a file of GGF or SGF records. A record's
// rules come from it where it says them: its start position (an XOT start,
// or the empty board of classic Reversi) and the result of a game that
// ended with empty squares (disc or WOF scoring); otherwise from rules.
func recordGames(text string, rules bitboard.Rules) ([]Played, error) {
	recs, err := record.ParseAll(text)
	if err != nil {
		return nil, err
	}
	games := make([]Played, len(recs))
	for i, r := range recs {
		if r.Type != "" && r.Type != "8" {
			return nil, fmt.Errorf("game %d: GGF TY[%s]: only 8x8 Othello is supported (TY[8])", i+1, r.Type)
		}
		gr := rules
		if r.Setup != nil && r.Setup.Board.P|r.Setup.Board.O == 0 && gr.Variant != bitboard.Classic {
			// Only classic Reversi starts from the empty board.
			gr = bitboard.DefaultRules(bitboard.Classic)
		}
		if sc, ok := recordedScoring(r, r.Start(gr)); ok {
			gr.Scoring = sc
		}
		games[i] = Played{Index: i + 1, Players: r.Players, Start: r.Start(gr), Moves: r.Squares(),
			TheoreticalEmpties: -1, PerfectFrom: -1}
		if r.Result.Over {
			games[i].Result, games[i].HasResult = int(r.Result.Diff), true
		}
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
