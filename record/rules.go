package record

import "github.com/sable-othello/sable/bitboard"

// Rules returns the rules the game was played under, as far as the record
// says them: an empty start board is classic Reversi's (only it starts
// there), and the result of a game that ended with empty squares tells
// the scoring (the disc count and WOF differ there). The rest comes from
// def.
func (g *Record) Rules(def bitboard.Rules) bitboard.Rules {
	r := def
	if g.Setup != nil && g.Setup.Board.P|g.Setup.Board.O == 0 && r.Variant != bitboard.Classic {
		r = bitboard.DefaultRules(bitboard.Classic)
	}
	if sc, ok := g.recordedScoring(g.Start(r)); ok {
		r.Scoring = sc
	}
	return r
}

// recordedScoring returns the scoring that the recorded result of the game
// shows, played from start.
func (g *Record) recordedScoring(start bitboard.Position) (bitboard.Scoring, bool) {
	if !g.Result.Over || g.Result.Forfeit != 0 {
		return 0, false
	}
	end, err := bitboard.Replay(start, g.Squares())
	if err != nil || !end.GameOver() || end.Board.NumEmpties() == 0 {
		return 0, false
	}
	for _, sc := range []bitboard.Scoring{bitboard.WOF, bitboard.Discs} {
		v := bitboard.FinalScore(end.Board, sc)
		if end.Side == bitboard.White {
			v = -v
		}
		if float64(v) == g.Result.Diff {
			return sc, true
		}
	}
	return 0, false
}
