package reviewreport

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/review"
	"github.com/sable-othello/sable/tools/gamefile"
)

// ReadGames reads the games of a file to review (any game file: gamefile);
// rules are those of games whose file does not say them. A game that does
// not replay fails the file, naming the game and the move, before any
// search.
func ReadGames(path string, rules bitboard.Rules) ([]review.PlayedGame, error) {
	f, err := gamefile.Read(path, rules)
	switch {
	case err != nil:
		return nil, err
	case len(f.Bad) > 0:
		return nil, f.Bad[0]
	case len(f.Games) == 0:
		return nil, fmt.Errorf("%s: %w", path, errNoGames)
	}
	games := make([]review.PlayedGame, len(f.Games))
	for i, g := range f.Games {
		games[i] = review.PlayedGame{Index: i + 1, Black: g.Players[bitboard.Black], White: g.Players[bitboard.White],
			Start: g.Start, Moves: g.Moves}
	}
	return games, nil
}

// errNoGames is the error of a file without a game.
var errNoGames = errors.New("no game in the file")

// CachePath returns the checkpoint file of a review of the games with the
// settings and shard, in the user cache directory (which it makes): the
// same command finds it again.
func CachePath(games []review.PlayedGame, s Settings, sh shard.Shard) (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	dir = filepath.Join(dir, "sable")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	h := sha256.New()
	for _, g := range games {
		fmt.Fprintf(h, "%d %q %q %s %s\n", g.Index, g.Black, g.White, bitboard.BoardString(g.Start.Board, g.Start.Side), bitboard.Transcript(g.Moves))
	}
	fmt.Fprintf(h, "%v\n%v", s, sh)
	return filepath.Join(dir, "review-"+hex.EncodeToString(h.Sum(nil)[:8])+".json"), nil
}
