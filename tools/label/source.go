package label

import (
	"fmt"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/tools/dataset"
	"github.com/sable-othello/sable/tools/wthor"
)

// game is one game to label, from either source, with what the source
// knows exactly about its values.
type game struct {
	name   string // file and index, for messages
	replay func() ([]bitboard.Position, error)
	// skip is the number of leading positions left unlabelled: the random
	// opening moves of a self-play game.
	skip int
	// perfectFrom: from position skip on, the positions with this many
	// empties or fewer were played perfectly to the end, so the final
	// score is their exact value (self-play solving); -1 when none.
	perfectFrom int
	// anchorEmpties is the number of empties of the position whose exact
	// value for Black is anchorBlack (the WTHOR theoretical score); -1
	// when none.
	anchorEmpties, anchorBlack int
	// resultBlack is Black's recorded result, used when the game did not
	// end on the board (a resignation or a loss on time).
	resultBlack int
}

// wthorGames returns the games of the .wtb files of dir. Bad records are
// reported on stderr through report and left out.
func wthorGames(dir string, report func(error)) ([]game, error) {
	files, err := wthor.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var out []game
	for _, f := range files {
		depth := int(f.Header.TheoreticalDepth)
		for i := range f.Games {
			g := &f.Games[i]
			if _, err := g.Replay(); err != nil {
				report(&wthor.RecordError{Path: f.Path, Index: i, Err: err})
				continue
			}
			// When the theoretical score was not computed, WTHOR holds the
			// final score in its place: 12.6% of the games have equal scores,
			// against about 6% for a difference of +-2, and a solve of one
			// such position (WTH_2013.wtb game 2000) disagrees with it. An
			// equal score is therefore not taken as exact.
			anchor := -1
			if depth > 0 && g.BlackTheoretical != g.BlackDiscs {
				anchor = depth
			}
			out = append(out, game{
				name:          fmt.Sprintf("%s game %d", f.Path, i),
				replay:        g.Replay,
				perfectFrom:   -1,
				anchorEmpties: anchor,
				anchorBlack:   g.BlackTheoreticalScore(),
				resultBlack:   g.BlackScore(),
			})
		}
	}
	return out, nil
}

// selfplayGames returns the games of a self-play games file. A game that
// does not replay is an error: the file is our own output.
func selfplayGames(path string) ([]game, error) {
	h, games, err := dataset.ReadGames(path)
	if err != nil {
		return nil, err
	}
	out := make([]game, len(games))
	for i := range games {
		g := &games[i]
		if _, err := g.Replay(); err != nil {
			return nil, fmt.Errorf("%s: game %d: %w", path, g.Index, err)
		}
		out[i] = game{
			name:          fmt.Sprintf("%s game %d", path, g.Index),
			replay:        g.Replay,
			skip:          g.Random,
			perfectFrom:   h.Exact,
			anchorEmpties: -1,
			resultBlack:   g.Score,
		}
	}
	return out, nil
}
