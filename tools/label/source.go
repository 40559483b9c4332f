package label

import (
	"fmt"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/tools/gamefile"
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
	// scores are the engine's recorded scores of the moves from skip on,
	// in discs for the mover, when they label positions (--game-scores).
	scores []int
}

// fileGames returns the games of a game file (gamefile.Read) or a
// directory of WTHOR files, with the self-play games' recorded move scores
// when scores is set. In WTHOR files a bad record is reported through
// report and left out; in the others (self-play files are our own output)
// a bad game is an error, as is a game that neither ends on the board nor
// records its result.
func fileGames(path string, scores bool, report func(error)) ([]game, gamefile.Format, error) {
	f, err := gamefile.Read(path, bitboard.DefaultRules(bitboard.Othello))
	if err != nil {
		return nil, 0, err
	}
	if len(f.Bad) > 0 && f.Format != gamefile.WTHOR {
		return nil, f.Format, f.Bad[0]
	}
	for _, err := range f.Bad {
		report(err)
	}
	out := make([]game, len(f.Games))
	for i := range f.Games {
		g := &f.Games[i]
		// When the theoretical score was not computed, WTHOR holds the
		// final score in its place: 12.6% of the games have equal scores,
		// against about 6% for a difference of +-2, and a solve of one
		// such position (WTH_2013.wtb game 2000) disagrees with it. An
		// equal score is therefore not taken as exact.
		anchor := -1
		if g.TheoreticalEmpties > 0 && g.TheoreticalBlack != g.Result {
			anchor = g.TheoreticalEmpties
		}
		name := fmt.Sprintf("%s: game %d", g.File, g.Index)
		if !g.HasResult {
			if end, err := bitboard.Replay(g.Start, g.Moves); err != nil || !end.GameOver() {
				return nil, f.Format, fmt.Errorf("%s: the game neither ends nor records its result", name)
			}
		}
		out[i] = game{
			name:          name,
			replay:        g.Positions,
			skip:          g.Random,
			perfectFrom:   g.PerfectFrom,
			anchorEmpties: anchor,
			anchorBlack:   g.TheoreticalBlack,
			resultBlack:   g.Result,
		}
		if scores && f.Format == gamefile.SelfPlay && g.Scores == nil && g.Random < len(g.Moves) {
			return nil, f.Format, fmt.Errorf("%s: no move scores (games files in formats v3 and v4 have them)", name)
		}
		if scores {
			out[i].scores = g.Scores
		}
	}
	return out, f.Format, nil
}
