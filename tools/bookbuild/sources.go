package bookbuild

import (
	"fmt"
	"slices"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/tools/gamefile"
)

// SourceGames reads the moves of the games of the sources (any game files:
// gamefile.ReadAll) that start from the Othello start, as a book's games
// do, passes left out. The others, and the games that do not replay, are
// skipped: their errors come back in skipped, each naming the game.
func SourceGames(sources []string) (games [][]int, skipped []error, err error) {
	played, skipped, err := gamefile.ReadAll(sources, bitboard.DefaultRules(bitboard.Othello))
	if err != nil {
		return nil, nil, err
	}
	for i := range played {
		moves, err := played[i].OthelloMoves()
		if err != nil {
			skipped = append(skipped, fmt.Errorf("%s: game %d: %w", played[i].File, played[i].Index, err))
			continue
		}
		games = append(games, slices.DeleteFunc(slices.Clone(moves), func(m int) bool { return m == bitboard.PassMove }))
	}
	return games, skipped, nil
}
