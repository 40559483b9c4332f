package gamefile

import (
	"fmt"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

// recordGames reads every game of a file of GGF or SGF records. A record's
// rules come from it where it says them (record.Rules), otherwise from
// rules.
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
		gr := r.Rules(rules)
		games[i] = Played{Index: i + 1, Players: r.Players, Start: r.Start(gr), Moves: r.Squares(),
			TheoreticalEmpties: -1, PerfectFrom: -1}
		if r.Result.Over {
			games[i].Result, games[i].HasResult = int(r.Result.Diff), true
		}
	}
	return games, nil
}
