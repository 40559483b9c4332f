package dataset

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/atomicfile"
)

// GamesHeader records how a self-play games file was made. Files can be
// resumed or merged only when their headers agree (apart from the shard).
type GamesHeader struct {
	Seed uint64
	// RandomMin and RandomMax bound the number of random opening moves
	// of a game, drawn uniformly by the game's own generator.
	RandomMin, RandomMax int
	Depth                int    // midgame search depth
	Exact                int    // solve exactly at this many empties or fewer
	Eval                 string // the evaluation that played
	Shard, Shards        int    // this file holds games with index%Shards == Shard
}

// SameRun reports whether two headers describe the same games, whatever
// their shards.
func (h GamesHeader) SameRun(o GamesHeader) bool {
	h.Shard, h.Shards, o.Shard, o.Shards = 0, 0, 0, 0
	return h == o
}

// gamesMagic opens the first line of a games file.
const gamesMagic = "# sable-selfplay v1"

// String writes the header line.
func (h GamesHeader) String() string {
	return fmt.Sprintf("%s seed=%d random=%d-%d depth=%d exact=%d eval=%s shard=%d/%d",
		gamesMagic, h.Seed, h.RandomMin, h.RandomMax, h.Depth, h.Exact, h.Eval, h.Shard, h.Shards)
}

// parseGamesHeader reads the first line of a games file.
func parseGamesHeader(line string) (GamesHeader, error) {
	rest, ok := strings.CutPrefix(line, gamesMagic+" ")
	if !ok {
		return GamesHeader{}, fmt.Errorf("not a self-play games file (first line %q)", line)
	}
	var h GamesHeader
	if _, err := fmt.Sscanf(rest, "seed=%d random=%d-%d depth=%d exact=%d eval=%s shard=%d/%d",
		&h.Seed, &h.RandomMin, &h.RandomMax, &h.Depth, &h.Exact, &h.Eval, &h.Shard, &h.Shards); err != nil {
		return GamesHeader{}, fmt.Errorf("bad header %q: %v", line, err)
	}
	if h.Shards < 1 || h.Shard < 0 || h.Shard >= h.Shards {
		return GamesHeader{}, fmt.Errorf("bad header %q: shard %d/%d", line, h.Shard, h.Shards)
	}
	return h, nil
}

// SelfPlayGame is one self-play game: its index in the run, how many of its first
// moves were random, its moves (passes left out) and Black's final disc
// difference with the empties given to the winner.
type SelfPlayGame struct {
	Index  int
	Random int
	Moves  []int
	Score  int
}

// String writes the game as a line of a games file, without the newline:
// "index random transcript score", e.g. "17 8 f5d6c3... +12".
func (g *SelfPlayGame) String() string {
	return fmt.Sprintf("%d %d %s %+d", g.Index, g.Random, bitboard.Transcript(g.Moves), g.Score)
}

// parseGame reads one game line.
func parseGame(line string) (SelfPlayGame, error) {
	f := strings.Fields(line)
	if len(f) != 4 {
		return SelfPlayGame{}, fmt.Errorf("want \"index random transcript score\", got %d fields", len(f))
	}
	var g SelfPlayGame
	var err error
	if g.Index, err = strconv.Atoi(f[0]); err != nil || g.Index < 0 {
		return SelfPlayGame{}, fmt.Errorf("bad game index %q", f[0])
	}
	if g.Random, err = strconv.Atoi(f[1]); err != nil || g.Random < 0 || g.Random > 60 {
		return SelfPlayGame{}, fmt.Errorf("bad random move count %q", f[1])
	}
	if g.Moves, err = bitboard.ParseTranscript(f[2]); err != nil {
		return SelfPlayGame{}, err
	}
	if g.Score, err = strconv.Atoi(f[3]); err != nil || g.Score < -64 || g.Score > 64 {
		return SelfPlayGame{}, fmt.Errorf("bad score %q", f[3])
	}
	return g, nil
}

// Replay plays the game from the standard start, inserting passes, and
// returns the position before each move and the final position last. It
// fails when a move is illegal, the game is not over at the end, or the
// recorded score is not the final one.
func (g *SelfPlayGame) Replay() ([]bitboard.Position, error) {
	out, err := bitboard.ReplayPositions(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), g.Moves)
	if err != nil {
		return nil, err
	}
	end := out[len(out)-1]
	if !end.GameOver() {
		return nil, fmt.Errorf("game not over after %d moves", len(g.Moves))
	}
	if b, w := end.FinalCounts(); b-w != g.Score {
		return nil, fmt.Errorf("recorded score %+d, the final position scores %+d", g.Score, b-w)
	}
	return out, nil
}

// WriteGames writes a games file atomically, the games in the given order.
func WriteGames(path string, h GamesHeader, games []SelfPlayGame) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		if _, err := fmt.Fprintln(w, h); err != nil {
			return err
		}
		for i := range games {
			if _, err := fmt.Fprintln(w, games[i].String()); err != nil {
				return err
			}
		}
		return nil
	})
}

// ReadGames reads a games file. Errors name the file and line. Games must
// come in increasing index order and belong to the file's shard.
func ReadGames(path string) (GamesHeader, []SelfPlayGame, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return GamesHeader{}, nil, err
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 4096), 1<<20)
	if !sc.Scan() {
		return GamesHeader{}, nil, fmt.Errorf("%s: empty file, want a self-play header line", path)
	}
	h, err := parseGamesHeader(sc.Text())
	if err != nil {
		return GamesHeader{}, nil, fmt.Errorf("%s:1: %w", path, err)
	}
	var games []SelfPlayGame
	for line := 2; sc.Scan(); line++ {
		g, err := parseGame(sc.Text())
		if err != nil {
			return GamesHeader{}, nil, fmt.Errorf("%s:%d: %w", path, line, err)
		}
		if g.Index%h.Shards != h.Shard {
			return GamesHeader{}, nil, fmt.Errorf("%s:%d: game %d is not in shard %d/%d", path, line, g.Index, h.Shard, h.Shards)
		}
		if n := len(games); n > 0 && g.Index <= games[n-1].Index {
			return GamesHeader{}, nil, fmt.Errorf("%s:%d: game %d after game %d (want increasing indices)", path, line, g.Index, games[n-1].Index)
		}
		games = append(games, g)
	}
	if err := sc.Err(); err != nil {
		return GamesHeader{}, nil, fmt.Errorf("%s: %w", path, err)
	}
	return h, games, nil
}
