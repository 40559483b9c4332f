package gamefile

import (
	"errors"
	"fmt"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

// transcriptGames reads one transcript a line from the rules' start; blank
// lines and lines starting with # are skipped. A line that is not a
// transcript is an error naming its line and column.
func transcriptGames(text string, rules bitboard.Rules) ([]Played, error) {
	var games []Played
	for n, line := range strings.Split(text, "\n") {
		line = strings.TrimRight(line, " \t\r")
		if t := strings.TrimSpace(line); t == "" || strings.HasPrefix(t, "#") {
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
		games = append(games, Played{Index: len(games) + 1, Start: bitboard.NewGame(rules), Moves: moves,
			TheoreticalEmpties: -1, PerfectFrom: -1})
	}
	return games, nil
}
