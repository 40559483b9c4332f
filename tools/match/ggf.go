package match

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

// gameRecord is a game of the match: the players, their clocks, the start
// position, the moves with their times and, once over, the result. It is
// stored as GGF (see game).
type gameRecord struct {
	index   int // the game's number in the match; -1 when not in one
	names   [2]string
	clocks  [2]record.TimeControl
	start   bitboard.Position
	moves   []recordedMove // forced passes written out
	done    bool
	diff    int  // Black's final disc difference, when done
	forfeit byte // 't' when the loser ran out of time, 'r' when it forfeited otherwise, 0 when played out
	date    time.Time
}

// recordedMove is one move of a record.
type recordedMove struct {
	square    int     // a square, or bitboard.PassMove
	eval      float64 // the engine's evaluation, if evaluated
	evaluated bool    // whether the engine gave one
	elapsed   time.Duration
}

// ggfDate is how GGS writes DT.
const ggfDate = "2006.01.02_15:04:05.UTC"

// game returns the record as GGF holds it. The game number goes in GN, a
// property GGF readers skip; an evaluation that is not a number is left out.
func (r *gameRecord) game() *record.Record {
	g := &record.Record{
		Place: "sable match", Type: "8", Players: r.names, Clocks: r.clocks,
		Setup: &record.Setup{Board: r.start.Board, Side: r.start.Side},
	}
	if !r.date.IsZero() {
		g.Date = r.date.UTC().Format(ggfDate)
	}
	if r.index >= 0 {
		g.Name = strconv.Itoa(r.index)
	}
	if r.done {
		g.Result = record.Result{Over: true, Diff: float64(r.diff), Forfeit: r.forfeit}
	}
	side := r.start.Side
	for _, m := range r.moves {
		mv := record.Move{Square: m.square, Side: side, Time: m.elapsed, Eval: m.eval, Evaluated: m.evaluated}
		g.Moves = append(g.Moves, mv)
		side = side.Other() // passes are written out
	}
	return g
}

// ggf writes the record as one line of GGF.
func (r *gameRecord) ggf() string { return r.game().GGF() }

// parseGGF reads a finished game of the match from a line of GGF, as ggf
// writes it, or as sable match wrote it before it used package record. The
// date is not read back.
func parseGGF(line string) (gameRecord, error) {
	r := gameRecord{index: -1}
	g, err := record.ParseGGF(line)
	if err != nil {
		return r, err
	}
	if g.Name != "" {
		if r.index, err = strconv.Atoi(g.Name); err != nil || r.index < 0 {
			return r, fmt.Errorf("GN[%s]: not a game number", g.Name)
		}
	}
	if r.index < 0 || !g.Result.Over {
		return r, fmt.Errorf("record without game number (GN) or result (RE)")
	}
	r.names, r.clocks = g.Players, g.Clocks
	r.start = bitboard.FromBoard(g.Setup.Board, g.Setup.Side, bitboard.DefaultRules(bitboard.Othello))
	r.done, r.diff, r.forfeit = true, int(math.Round(g.Result.Diff)), g.Result.Forfeit
	for _, m := range g.Moves {
		rm := recordedMove{square: m.Square, eval: m.Eval, evaluated: m.Evaluated, elapsed: m.Time}
		r.moves = append(r.moves, rm)
	}
	return r, nil
}

// result writes the result as GGF's RE has it: Black's disc difference,
// ":t" or ":r" for a forfeit, or "?" while the game is on.
func (r *gameRecord) result() string { return r.game().Result.String() }

// loser returns the colour that lost a forfeited game.
func (r *gameRecord) loser() bitboard.Color {
	if r.diff < 0 {
		return bitboard.Black
	}
	return bitboard.White
}
