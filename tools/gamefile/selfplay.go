package gamefile

import (
	"io"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/tools/dataset"
)

// gzipMagic opens a gzip stream, as a self-play games file (dataset) is.
var gzipMagic = []byte{0x1f, 0x8b}

// selfPlayGames reads a self-play games file from in (dataset.ReadGamesFrom),
// naming it path in its errors.
func selfPlayGames(in io.Reader, path string) ([]Played, error) {
	h, games, err := dataset.ReadGamesFrom(in, path)
	if err != nil {
		return nil, err
	}
	out := make([]Played, len(games))
	for i, g := range games {
		out[i] = Played{Index: g.Index, Start: bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), Moves: g.Moves,
			Result: g.Score, HasResult: true, TheoreticalEmpties: -1, Random: g.Random, PerfectFrom: h.Exact, Scores: g.Scores}
	}
	return out, nil
}
