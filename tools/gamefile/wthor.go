package gamefile

import (
	"fmt"
	"path/filepath"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/tools/wthor"
)

// wthorGames reads a WTHOR file, or every .wtb file of a directory, all
// from the Othello start. Players are named from the WTH.JOU file beside
// them, or by their number there when it is absent or unreadable. A record
// that wthor refuses (move bytes that are not squares, disc counts over 64,
// an illegal move) is bad.
func wthorGames(path string, dir bool) ([]Played, []error, error) {
	var files []*wthor.File
	if dir {
		var err error
		if files, err = wthor.ReadDir(path); err != nil {
			return nil, nil, err
		}
	} else {
		f, err := wthor.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		files = []*wthor.File{f}
		path = filepath.Dir(path)
	}
	names, _ := wthor.ReadPlayers(filepath.Join(path, wthor.PlayersFile))
	name := func(id uint16) string {
		if int(id) < len(names) && names[id] != "" {
			return names[id]
		}
		return fmt.Sprintf("player %d", id)
	}
	start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	var games []Played
	var bad []error
	for _, f := range files {
		for i := range f.Games {
			r := &f.Games[i]
			moves, err := r.Moves()
			if err == nil {
				_, err = r.Replay()
			}
			if err != nil {
				bad = append(bad, fmt.Errorf("%s: game %d: %w", f.Path, i+1, err))
				continue
			}
			games = append(games, Played{File: f.Path, Index: i + 1, Players: [2]string{name(r.Black), name(r.White)},
				Start: start, Moves: moves, Result: r.BlackScore(), HasResult: true,
				TheoreticalEmpties: int(f.Header.TheoreticalDepth), TheoreticalBlack: r.BlackTheoreticalScore(),
				PerfectFrom: -1})
		}
	}
	return games, bad, nil
}
