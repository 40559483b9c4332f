package gamefile

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/tools/dataset"
)

// gzipMagic opens a gzip stream, as a self-play games file (dataset) is.
var gzipMagic = []byte{0x1f, 0x8b}

// selfPlayGames reads a self-play games file (dataset.ReadGames).
func selfPlayGames(path string) ([]Played, error) {
	h, games, err := dataset.ReadGames(path)
	if err != nil {
		return nil, err
	}
	out := make([]Played, len(games))
	for i, g := range games {
		out[i] = selfPlayed(g.Index, g.Random, g.Moves, g.Score, h.Exact)
	}
	return out, nil
}

// selfPlayed is a self-play game.
func selfPlayed(index, random int, moves []int, score, exact int) Played {
	return Played{Index: index, Start: bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), Moves: moves,
		Result: score, HasResult: true, TheoreticalEmpties: -1, Random: random, PerfectFrom: exact}
}

// selfPlayTextMagic opens the first format of self-play games files: a
// header line, then a text line a game, "index random transcript score",
// as the long self-play run begun on 2026-12-01 writes it.
const selfPlayTextMagic = "# sable-selfplay v1 "

// selfPlayTextGames reads a self-play games file of the first format. Of
// the header only the solved empties matter here.
func selfPlayTextGames(text string) ([]Played, error) {
	lines := strings.Split(text, "\n")
	var exact int
	if _, err := fmt.Sscanf(fieldOf(lines[0], "exact="), "%d", &exact); err != nil {
		return nil, fmt.Errorf("line 1: header %q: no exact=N", lines[0])
	}
	var games []Played
	for n, line := range lines[1:] {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		index, err1 := strconv.Atoi(f[0])
		random, err2 := strconv.Atoi(f[min(1, len(f)-1)])
		score, err3 := strconv.Atoi(f[len(f)-1])
		if len(f) != 4 || err1 != nil || err2 != nil || err3 != nil || index < 0 || random < 0 || random > 60 {
			return nil, fmt.Errorf("line %d: want \"index random transcript score\", got %q", n+2, line)
		}
		moves, err := bitboard.ParseTranscript(f[2])
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n+2, err)
		}
		games = append(games, selfPlayed(index, random, moves, score, exact))
	}
	return games, nil
}

// fieldOf returns the value of the word of line that starts with key.
func fieldOf(line, key string) string {
	for _, w := range strings.Fields(line) {
		if v, ok := strings.CutPrefix(w, key); ok {
			return v
		}
	}
	return ""
}
