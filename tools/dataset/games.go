package dataset

import (
	"bufio"
	"cmp"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"math/bits"
	"os"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/atomicfile"
	"github.com/sable-othello/sable/search"
)

// GamesHeader records how a self-play games file was made. Files can be
// resumed or merged only when their headers agree (apart from the shard).
type GamesHeader struct {
	Seed uint64
	// Openings names where games start before their random moves: the
	// standard start when empty ("none" in the file), or an openings file
	// as NAME@CRC32 of its bytes.
	Openings string
	// RandomMin and RandomMax bound the number of random opening moves
	// of a game, drawn uniformly by the game's own generator.
	RandomMin, RandomMax int
	Depth                int    // midgame search depth
	Selectivity          int    // its probcut confidence in percent (100: none)
	Exact                int    // solve exactly at this many empties or fewer
	Eval                 string // the evaluation that played
	Shard, Shards        int    // this file holds games with index%Shards == Shard
	// Format is the file's layout, 2 to 5 (Format5 for new runs; no other
	// value is written): v2 and v3 store the games one after the other,
	// v4 and v5 column by column (columns.go). Files in v3 and v4 also hold
	// the engine's score of every move it chose (HasScores).
	Format int
	// MPC is the Multi-ProbCut error model the searches used, as
	// search.ProbcutModel writes it ("A,B,C,D"); files written before the
	// header named it have "". The model decides which nodes are cut, so
	// a run resumed with another one would play other games.
	MPC string
}

// SameRun reports whether two headers describe the same games, whatever
// their shards and formats.
func (h GamesHeader) SameRun(o GamesHeader) bool {
	h.Shard, h.Shards, o.Shard, o.Shards = 0, 0, 0, 0
	h.Format, o.Format = 0, 0
	return h == o
}

// Format5 is the format of new runs: column by column, without move
// scores, and without the moves that the reader can draw again from the
// run's seed (columns.go).
const Format5 = 5

// HasScores reports whether the file holds the engine's move scores.
func (h GamesHeader) HasScores() bool { return h.Format == 3 || h.Format == 4 }

// magic opens the header line of a games file in format v (2 to 5).
func magic(v int) string { return fmt.Sprintf("# sable-selfplay v%d", v) }

// noOpenings is the header's word for games from the standard start.
const noOpenings = "none"

// String writes the header line.
func (h GamesHeader) String() string {
	openings := cmp.Or(h.Openings, noOpenings)
	line := fmt.Sprintf("%s seed=%d openings=%s random=%d-%d depth=%d selectivity=%d exact=%d eval=%s shard=%d/%d",
		magic(h.Format), h.Seed, openings, h.RandomMin, h.RandomMax, h.Depth, h.Selectivity, h.Exact, h.Eval, h.Shard, h.Shards)
	if h.MPC != "" {
		line += " " + mpcField + h.MPC
	}
	return line
}

// mpcField opens the header's optional last field, the MPC model.
const mpcField = "mpc="

// parseGamesHeader reads the header line of a games file.
func parseGamesHeader(line string) (GamesHeader, error) {
	var h GamesHeader
	var rest string
	for v := 2; v <= Format5 && h.Format == 0; v++ {
		if r, ok := strings.CutPrefix(line, magic(v)+" "); ok {
			h.Format, rest = v, r
		}
	}
	if h.Format == 0 {
		return GamesHeader{}, fmt.Errorf("not a self-play games file (header %q)", line)
	}
	rest, mpc, hasMPC := strings.Cut(rest, " "+mpcField)
	if hasMPC {
		if _, err := search.ParseProbcutModel(mpc); err != nil {
			return GamesHeader{}, fmt.Errorf("bad header %q: mpc: %v", line, err)
		}
		h.MPC = mpc
	}
	if _, err := fmt.Sscanf(rest, "seed=%d openings=%s random=%d-%d depth=%d selectivity=%d exact=%d eval=%s shard=%d/%d",
		&h.Seed, &h.Openings, &h.RandomMin, &h.RandomMax, &h.Depth, &h.Selectivity, &h.Exact, &h.Eval, &h.Shard, &h.Shards); err != nil {
		return GamesHeader{}, fmt.Errorf("bad header %q: %v", line, err)
	}
	if h.RandomMin < 0 || h.RandomMin > h.RandomMax || h.RandomMax > 60 {
		return GamesHeader{}, fmt.Errorf("bad header %q: random %d-%d", line, h.RandomMin, h.RandomMax)
	}
	if h.Shards < 1 || h.Shard < 0 || h.Shard >= h.Shards {
		return GamesHeader{}, fmt.Errorf("bad header %q: shard %d/%d", line, h.Shard, h.Shards)
	}
	if h.Openings == noOpenings {
		h.Openings = ""
	}
	return h, nil
}

// SelfPlayGame is one self-play game: its index in the run, how many of
// its first moves were not chosen by the engine (the opening and the random
// moves), its moves (passes left out) and Black's final disc difference
// with the empties given to the winner.
type SelfPlayGame struct {
	Index  int
	Random int
	Moves  []int
	Score  int
	// Scores holds, in files with scores, the engine's score of each move
	// it chose (Moves[Random:]) in discs for the mover: its search value,
	// or the exact one where it solved.
	Scores []int
}

// String writes the game as "index random transcript score", e.g.
// "17 8 f5d6c3... +12", for messages and tests.
func (g *SelfPlayGame) String() string {
	return fmt.Sprintf("%d %d %s %+d", g.Index, g.Random, bitboard.Transcript(g.Moves), g.Score)
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
	if err := CheckEnd(&out[len(out)-1], len(g.Moves), g.Score); err != nil {
		return nil, err
	}
	return out, nil
}

// CheckEnd reports a self-play game that is not over at end, the position
// after its moves, or whose recorded score (Black's discs less White's) is
// not the final one.
func CheckEnd(end *bitboard.Position, moves, score int) error {
	if !end.GameOver() {
		return fmt.Errorf("not over after %d moves", moves)
	}
	if b, w := end.FinalCounts(); b-w != score {
		return fmt.Errorf("recorded score %+d, the final position scores %+d", score, b-w)
	}
	return nil
}

// A games file is one gzip stream: the header line, then (formats v2 and
// v3; columns.go has v4 and v5) each game as uvarint(index), random, the
// number of moves, each move as its rank among the mover's legal moves in
// square order (passes are forced, so left out), and the score + 64, one
// byte each; in a file with scores, then each of the engine's move scores
// + 64.
// A move's rank needs about 3 bits where its square needs 6: 28 bytes a
// game compressed against 57 for a transcript line.

// appendGame appends g's encoding to buf, with its move scores when
// scores is set.
func appendGame(buf []byte, g *SelfPlayGame, scores bool) ([]byte, error) {
	if err := checkGame(g, scores); err != nil {
		return nil, err
	}
	buf = binary.AppendUvarint(buf, uint64(g.Index))
	buf = append(buf, byte(g.Random), byte(len(g.Moves)))
	buf, err := appendRanks(buf, g)
	if err != nil {
		return nil, err
	}
	buf = append(buf, byte(g.Score+64))
	if !scores {
		return buf, nil
	}
	for _, s := range g.Scores {
		buf = append(buf, byte(s+64))
	}
	return buf, nil
}

// checkGame reports what of g a games file cannot hold, but for its moves'
// legality (appendRanks): more than 60 moves, scores out of range, or
// (with scores) not one score for each engine move.
func checkGame(g *SelfPlayGame, scores bool) error {
	if len(g.Moves) > 60 || g.Random > len(g.Moves) || g.Score < -64 || g.Score > 64 {
		return fmt.Errorf("game %d: %d moves, %d random, score %+d", g.Index, len(g.Moves), g.Random, g.Score)
	}
	if !scores {
		return nil
	}
	if len(g.Scores) != len(g.Moves)-g.Random {
		return fmt.Errorf("game %d: %d move scores for %d engine moves", g.Index, len(g.Scores), len(g.Moves)-g.Random)
	}
	for i, s := range g.Scores {
		if s < -64 || s > 64 {
			return fmt.Errorf("game %d: move %d: score %+d", g.Index, g.Random+i+1, s)
		}
	}
	return nil
}

// appendRanks appends the rank of each of g's moves among the mover's legal
// moves, one byte each.
func appendRanks(buf []byte, g *SelfPlayGame) ([]byte, error) {
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	for i, m := range g.Moves {
		if pos.MustPass() {
			pos = pos.Pass()
		}
		if !pos.Legal(m) {
			return nil, fmt.Errorf("game %d: move %d: illegal move %s", g.Index, i+1, bitboard.SquareName(m))
		}
		buf = append(buf, byte(bits.OnesCount64(pos.Moves()&(1<<uint(m)-1))))
		pos = pos.Play(m)
	}
	return buf, nil
}

// readGame decodes one game from r, with its move scores when scores is
// set.
func readGame(r *bufio.Reader, scores bool) (SelfPlayGame, error) {
	index, err := binary.ReadUvarint(r)
	if err != nil {
		return SelfPlayGame{}, err
	}
	var head [2]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return SelfPlayGame{}, noEOF(err)
	}
	g := SelfPlayGame{Index: int(index), Random: int(head[0])}
	n := int(head[1])
	if err := checkHead(index, n, g.Random); err != nil {
		return SelfPlayGame{}, err
	}
	ranks := make([]byte, n+1)
	if _, err := io.ReadFull(r, ranks); err != nil {
		return SelfPlayGame{}, noEOF(err)
	}
	if g.Moves, err = decodeRanks(g.Index, ranks[:n]); err != nil {
		return SelfPlayGame{}, err
	}
	if g.Score, err = decodeScore(g.Index, ranks[n]); err != nil {
		return SelfPlayGame{}, err
	}
	if !scores || n == g.Random {
		return g, nil
	}
	raw := make([]byte, n-g.Random)
	if _, err := io.ReadFull(r, raw); err != nil {
		return SelfPlayGame{}, noEOF(err)
	}
	g.Scores = make([]int, len(raw))
	for i, b := range raw {
		if g.Scores[i] = int(b) - 64; g.Scores[i] > 64 {
			return SelfPlayGame{}, fmt.Errorf("game %d: move %d: score %+d", index, g.Random+i+1, g.Scores[i])
		}
	}
	return g, nil
}

// checkHead reports a game's index, number of moves or number of random
// moves that no file holds.
func checkHead(index uint64, n, random int) error {
	if index > math.MaxInt32 || n > 60 || random > n {
		return fmt.Errorf("game %d: %d moves, %d random", index, n, random)
	}
	return nil
}

// decodeRanks returns the moves of game index from their ranks among the
// mover's legal moves.
func decodeRanks(index int, ranks []byte) ([]int, error) {
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	moves := make([]int, len(ranks))
	for i, k := range ranks {
		if pos.MustPass() {
			pos = pos.Pass()
		}
		legal := pos.Moves()
		if int(k) >= bits.OnesCount64(legal) {
			return nil, fmt.Errorf("game %d: move %d: rank %d among %d legal moves", index, i+1, k, bits.OnesCount64(legal))
		}
		moves[i] = bitboard.NthSquare(legal, int(k))
		pos = pos.Play(moves[i])
	}
	return moves, nil
}

// decodeScore returns the final score of game index from its byte.
func decodeScore(index int, b byte) (int, error) {
	if s := int(b) - 64; s <= 64 {
		return s, nil
	}
	return 0, fmt.Errorf("game %d: score %+d", index, int(b)-64)
}

// noEOF turns an end of input inside a game into an error of its own.
func noEOF(err error) error {
	if err == io.EOF {
		return io.ErrUnexpectedEOF
	}
	return err
}

// WriteGames writes a games file atomically, the games in the given order,
// in format h.Format; formats without move scores (v2, v5) leave the games'
// Scores out. The same games give the same bytes.
func WriteGames(path string, h GamesHeader, games []SelfPlayGame) error {
	var buf []byte
	var err error
	switch h.Format {
	case 2, 3:
		buf, err = appendRows(games, h.HasScores())
	case 4:
		buf, err = appendColumns(nil, games)
	case Format5:
		buf, err = appendDrawn(nil, h, games)
	default:
		err = fmt.Errorf("no games file format v%d", h.Format)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		z, err := gzip.NewWriterLevel(w, gzip.BestCompression)
		if err != nil {
			return err
		}
		if _, err := fmt.Fprintln(z, h); err != nil {
			return err
		}
		if _, err := z.Write(buf); err != nil {
			return err
		}
		return z.Close()
	})
}

// ReadGames reads a games file. Errors name the file and the game. Games
// must come in increasing index order and belong to the file's shard.
func ReadGames(path string) (GamesHeader, []SelfPlayGame, error) {
	f, err := os.Open(path)
	if err != nil {
		return GamesHeader{}, nil, err
	}
	defer f.Close()
	return ReadGamesFrom(f, path)
}

// ReadGamesFrom reads a games file from in, which may be a pipe, as
// ReadGames does; its errors name the file as name.
func ReadGamesFrom(in io.Reader, name string) (GamesHeader, []SelfPlayGame, error) {
	h, games, err := readGames(in)
	if err != nil {
		return GamesHeader{}, nil, fmt.Errorf("%s: %w", name, err)
	}
	return h, games, nil
}

// maxInflation bounds how many times the compressed bytes read so far a
// games stream may decompress to: the corpus's files inflate 1.8 to 2.6
// times, where a crafted stream of repeated bytes inflates a thousand
// times, into more games than memory holds. Counting the bytes read, not a
// file's size, bounds a pipe's stream too.
const maxInflation = 16

// minInflatedCap is the decompressed size that any games stream may reach,
// whatever its ratio: a MiB of games is no memory worth refusing a file for.
const minInflatedCap = 1 << 20

// readGames reads a games file's stream, refusing it once it has
// decompressed to more than its cap.
func readGames(in io.Reader) (GamesHeader, []SelfPlayGame, error) {
	compressed := &countingReader{r: in}
	z, err := gzip.NewReader(compressed)
	if err != nil {
		return GamesHeader{}, nil, fmt.Errorf("not a self-play games file: %w", err)
	}
	r := bufio.NewReader(&cappedReader{r: z, compressed: compressed})
	line, err := r.ReadString('\n')
	if err != nil {
		return GamesHeader{}, nil, fmt.Errorf("no header line: %w", noEOF(err))
	}
	h, err := parseGamesHeader(strings.TrimSuffix(line, "\n"))
	if err != nil {
		return GamesHeader{}, nil, err
	}
	var games []SelfPlayGame
	switch h.Format {
	case 4:
		games, err = readColumns(r)
	case Format5:
		games, err = readDrawn(r, h)
	default:
		games, err = readRows(r, h.HasScores())
	}
	if err != nil {
		return GamesHeader{}, nil, err
	}
	for i, g := range games {
		if g.Index%h.Shards != h.Shard {
			return GamesHeader{}, nil, fmt.Errorf("game %d is not in shard %d/%d", g.Index, h.Shard, h.Shards)
		}
		if i > 0 && g.Index <= games[i-1].Index {
			return GamesHeader{}, nil, fmt.Errorf("game %d after game %d (want increasing indices)", g.Index, games[i-1].Index)
		}
	}
	return h, games, nil
}

// countingReader counts the bytes read from r.
type countingReader struct {
	r io.Reader
	n int64
}

// Read reads from r, counting the bytes.
func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// cappedReader reads the decompressed stream r until it passes
// maxInflation times the compressed bytes read (at least minInflatedCap),
// then fails.
type cappedReader struct {
	r          io.Reader
	compressed *countingReader
	out        int64
}

// Read reads from r, failing once the bytes read pass the cap.
func (c *cappedReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.out += int64(n)
	if limit := max(minInflatedCap, maxInflation*c.compressed.n); c.out > limit {
		return 0, fmt.Errorf("it decompresses past %d bytes, the cap of %d times the compressed bytes read"+
			" (at least %d)", limit, maxInflation, minInflatedCap)
	}
	return n, err
}

// appendRows encodes games in format v2, or v3 when scores is set.
func appendRows(games []SelfPlayGame, scores bool) ([]byte, error) {
	var buf []byte
	for i := range games {
		var err error
		if buf, err = appendGame(buf, &games[i], scores); err != nil {
			return nil, err
		}
	}
	return buf, nil
}

// readRows reads the games of a v2 or v3 stream after its header line, with
// their move scores when scores is set.
func readRows(r *bufio.Reader, scores bool) ([]SelfPlayGame, error) {
	var games []SelfPlayGame
	for {
		g, err := readGame(r, scores)
		if err == io.EOF {
			return games, nil
		}
		if err != nil {
			return nil, fmt.Errorf("game %d of the file: %w", len(games)+1, err)
		}
		games = append(games, g)
	}
}
