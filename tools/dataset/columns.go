package dataset

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/sable-othello/sable/bitboard"
)

// A games file in format v4 holds the same fields as v3, column by column
// after the header line: uvarint(number of games); then each game's head:
// uvarint(index - the previous game's index - 1, the first's from -1),
// random, the number of moves and the score + 64, one byte each; then every
// game's move ranks (as in v3); then every game's engine move scores: the
// first + 64, each next as the zigzag uvarint of its sum with the one before.
// Consecutive engine moves are by alternate sides, whose scores have
// opposite signs, so the sums are small. On 64,821 games of run
// 2026-12-05-ad this takes 42.2 bytes a game compressed against v3's 55.6.

// appendColumns appends the v4 encoding of games to buf.
func appendColumns(buf []byte, games []SelfPlayGame) ([]byte, error) {
	buf = binary.AppendUvarint(buf, uint64(len(games)))
	prev := -1
	for i := range games {
		g := &games[i]
		if err := checkNext(g, prev, true); err != nil {
			return nil, err
		}
		buf = binary.AppendUvarint(buf, uint64(g.Index-prev-1))
		buf = append(buf, byte(g.Random), byte(len(g.Moves)), byte(g.Score+64))
		prev = g.Index
	}
	for i := range games {
		var err error
		if buf, err = appendRanks(buf, &games[i]); err != nil {
			return nil, err
		}
	}
	for i := range games {
		for k, s := range games[i].Scores {
			if k == 0 {
				buf = append(buf, byte(s+64))
			} else {
				buf = binary.AppendVarint(buf, int64(s+games[i].Scores[k-1]))
			}
		}
	}
	return buf, nil
}

// checkNext reports what of g a file by columns cannot hold after the game
// numbered prev (checkGame, with move scores when scores is set): its
// index must be the greater.
func checkNext(g *SelfPlayGame, prev int, scores bool) error {
	if err := checkGame(g, scores); err != nil {
		return err
	}
	if g.Index <= prev {
		return fmt.Errorf("game %d after game %d (want increasing indices)", g.Index, prev)
	}
	return nil
}

// readColumns reads the games of a v4 stream after its header line.
func readColumns(r *bufio.Reader) ([]SelfPlayGame, error) {
	count, err := binary.ReadUvarint(r)
	if err != nil {
		return nil, fmt.Errorf("no game count: %w", noEOF(err))
	}
	var games []SelfPlayGame
	moves := make([]int, 0, 1024) // each game's number of moves
	prev := -1
	for k := uint64(0); k < count; k++ {
		delta, err := binary.ReadUvarint(r)
		if err != nil {
			return nil, columnError(len(games), noEOF(err))
		}
		var head [3]byte
		if _, err := io.ReadFull(r, head[:]); err != nil {
			return nil, columnError(len(games), noEOF(err))
		}
		index, err := nextIndex(prev, delta)
		if err == nil {
			err = checkHead(uint64(index), int(head[1]), int(head[0]))
		}
		if err != nil {
			return nil, columnError(len(games), err)
		}
		g := SelfPlayGame{Index: index, Random: int(head[0])}
		if g.Score, err = decodeScore(g.Index, head[2]); err != nil {
			return nil, columnError(len(games), err)
		}
		games = append(games, g)
		moves = append(moves, int(head[1]))
		prev = g.Index
	}
	var buf [60]byte
	for i := range games {
		ranks := buf[:moves[i]] // decodeRanks keeps none of it
		if _, err := io.ReadFull(r, ranks); err != nil {
			return nil, columnError(i, noEOF(err))
		}
		if games[i].Moves, err = decodeRanks(games[i].Index, ranks); err != nil {
			return nil, columnError(i, err)
		}
	}
	for i := range games {
		g := &games[i]
		g.Scores = make([]int, moves[i]-g.Random)
		for k := range g.Scores {
			s, err := readMoveScore(r, k, g.Scores)
			if err != nil {
				return nil, columnError(i, noEOF(err))
			}
			if s < -64 || s > 64 {
				return nil, columnError(i, fmt.Errorf("game %d: move %d: score %+d", g.Index, g.Random+k+1, s))
			}
			g.Scores[k] = s
		}
		if len(g.Scores) == 0 {
			g.Scores = nil // as v3 reads a game without engine moves
		}
	}
	if _, err := r.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("bytes after the last of %d games", count)
	}
	return games, nil
}

// readMoveScore reads engine move score k of a game whose scores before it
// are in scores.
func readMoveScore(r *bufio.Reader, k int, scores []int) (int, error) {
	if k == 0 {
		b, err := r.ReadByte()
		return int(b) - 64, err
	}
	sum, err := binary.ReadVarint(r)
	if err != nil {
		return 0, err
	}
	if sum < -128 || sum > 128 {
		return 0, fmt.Errorf("move score sum %+d", sum)
	}
	return int(sum) - scores[k-1], nil
}

// nextIndex returns the index of the game that a file by columns stores
// after game prev with the index delta (the number of indices between
// them), or an error when it would pass the largest index a file holds.
func nextIndex(prev int, delta uint64) (int, error) {
	if delta > math.MaxInt32-uint64(prev+1) {
		return 0, fmt.Errorf("the game after game %d skips %d indices, past %d", prev, delta, math.MaxInt32)
	}
	return prev + 1 + int(delta), nil
}

// columnError names the game of the file that err is about.
func columnError(i int, err error) error {
	return fmt.Errorf("game %d of the file: %w", i+1, err)
}

// A games file in format v5 holds fewer fields than v4, column by column
// after the header line: uvarint(number of games); then each game's head:
// uvarint(index - the previous game's index - 1, the first's from -1), the
// number of moves not chosen by the engine (only in a run with openings)
// and the score + 64, one byte each; then, game after game, the rank
// (rankOrder) of each move that the reader cannot draw again, up to the
// end of the game: every move in a run with openings (the reader lacks
// their file), otherwise only the engine's, since DrawPrefix draws the
// others from the run's seed. There are no move scores: as labels they
// fitted no better than the games' results (docs/training.md). On the
// 295,575 games of run 2026-12-05-ad this takes 14.07 bytes a game
// compressed against v4's 42.2.

// appendDrawn appends the v5 encoding of games of run h to buf. Each game
// must be complete, and without openings begin with the moves its seed
// draws.
func appendDrawn(buf []byte, h GamesHeader, games []SelfPlayGame) ([]byte, error) {
	buf = binary.AppendUvarint(buf, uint64(len(games)))
	prev := -1
	for i := range games {
		g := &games[i]
		if err := checkNext(g, prev, false); err != nil {
			return nil, err
		}
		buf = binary.AppendUvarint(buf, uint64(g.Index-prev-1))
		if h.Openings != "" {
			buf = append(buf, byte(g.Random))
		}
		buf = append(buf, byte(g.Score+64))
		prev = g.Index
	}
	for i := range games {
		g := &games[i]
		from, pos, err := drawnPart(h, g.Index)
		if err != nil {
			return nil, err
		}
		if h.Openings == "" && (len(from) != g.Random || !slices.Equal(from, g.Moves[:min(len(from), len(g.Moves))])) {
			return nil, fmt.Errorf("game %d does not begin with the %d moves its seed draws", g.Index, len(from))
		}
		var order [64]int
		for k, m := range g.Moves[len(from):] {
			if pos.MustPass() {
				pos = pos.Pass()
			}
			n := rankOrder(&pos, &order)
			r := slices.Index(order[:n], m)
			if r < 0 {
				return nil, fmt.Errorf("game %d: move %d: illegal move %s", g.Index, len(from)+k+1, bitboard.SquareName(m))
			}
			buf = append(buf, byte(r))
			pos = pos.Play(m)
		}
		if err := CheckEnd(&pos, len(g.Moves), g.Score); err != nil { // a v5 reader finds a game's end by playing it
			return nil, fmt.Errorf("game %d: %w", g.Index, err)
		}
	}
	return buf, nil
}

// drawnPart returns the moves of game index of run h that a v5 file leaves
// out, and the position after them: the drawn ones when h has no openings,
// none otherwise.
func drawnPart(h GamesHeader, index int) ([]int, bitboard.Position, error) {
	if h.Openings != "" {
		return nil, bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), nil
	}
	return DrawPrefix(h, index, nil)
}

// readDrawn reads the games of a v5 stream of run h after its header line.
func readDrawn(r *bufio.Reader, h GamesHeader) ([]SelfPlayGame, error) {
	count, err := binary.ReadUvarint(r)
	if err != nil {
		return nil, fmt.Errorf("no game count: %w", noEOF(err))
	}
	var games []SelfPlayGame
	prev := -1
	for k := uint64(0); k < count; k++ {
		delta, err := binary.ReadUvarint(r)
		if err != nil {
			return nil, columnError(len(games), noEOF(err))
		}
		var head [2]byte
		fields := head[1:]
		if h.Openings != "" {
			fields = head[:]
		}
		if _, err := io.ReadFull(r, fields); err != nil {
			return nil, columnError(len(games), noEOF(err))
		}
		index, err := nextIndex(prev, delta) // readDrawnMoves checks the random moves
		if err != nil {
			return nil, columnError(len(games), err)
		}
		g := SelfPlayGame{Index: index, Random: int(head[0])}
		if g.Score, err = decodeScore(g.Index, head[1]); err != nil {
			return nil, columnError(len(games), err)
		}
		games = append(games, g)
		prev = g.Index
	}
	for i := range games {
		if err := readDrawnMoves(r, h, &games[i]); err != nil {
			return nil, columnError(i, err)
		}
	}
	if _, err := r.ReadByte(); err != io.EOF {
		return nil, fmt.Errorf("bytes after the last of %d games", count)
	}
	return games, nil
}

// readDrawnMoves sets g's moves: those its seed draws, then those whose
// ranks r holds, up to the end of the game.
func readDrawnMoves(r *bufio.Reader, h GamesHeader, g *SelfPlayGame) error {
	moves, pos, err := drawnPart(h, g.Index)
	if err != nil {
		return err
	}
	if h.Openings == "" {
		g.Random = len(moves)
	}
	var order [64]int
	for !pos.GameOver() { // every move fills a square: at most 60
		if pos.MustPass() {
			pos = pos.Pass()
		}
		k, err := r.ReadByte()
		if err != nil {
			return noEOF(err)
		}
		n := rankOrder(&pos, &order)
		if int(k) >= n {
			return fmt.Errorf("game %d: move %d: rank %d among %d legal moves", g.Index, len(moves)+1, k, n)
		}
		moves = append(moves, order[k])
		pos = pos.Play(order[k])
	}
	g.Moves = moves
	if g.Random > len(moves) {
		return fmt.Errorf("game %d: %d moves, %d random", g.Index, len(moves), g.Random)
	}
	if err := CheckEnd(&pos, len(g.Moves), g.Score); err != nil {
		return fmt.Errorf("game %d: %w", g.Index, err)
	}
	return nil
}
