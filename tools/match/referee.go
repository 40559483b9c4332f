package match

import (
	"context"
	"errors"
	"fmt"
	"math/bits"
	"strings"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

// outcome is a finished game: its record and, for a forfeit, who lost it
// and why.
type outcome struct {
	record    gameRecord
	fault     *fault
	faultSide bitboard.Color
}

// referee plays one game between two started engines, Black first. It keeps
// the position itself and checks every move; an engine that fails loses the
// game by forfeit. It returns an error only when the context ends, and then
// the game is void.
func referee(ctx context.Context, rules bitboard.Rules, g *scheduledGame, cfgs [2]*EngineConfig, pls [2]player) (outcome, error) {
	opening, pos, err := expandOpening(rules, g.opening)
	if err != nil {
		// Openings are checked when read; this is a programming error.
		panic(fmt.Sprintf("game %d: opening %s: %v", g.index, g.opening, err))
	}
	out := outcome{record: gameRecord{
		index:  g.index,
		names:  [2]string{cfgs[0].Name, cfgs[1].Name},
		clocks: [2]record.TimeControl{cfgs[0].Clock, cfgs[1].Clock},
		start:  bitboard.NewGame(rules),
		date:   time.Now(),
	}}
	rec := &out.record
	for _, mv := range opening {
		rec.moves = append(rec.moves, recordedMove{square: mv})
	}
	setup := &gameSetup{rules: rules, names: rec.names, clocks: rec.clocks, opening: opening}
	for c := range pls {
		if err := pls[c].newGame(ctx, setup); err != nil {
			return out.forfeit(bitboard.Color(c), err)
		}
	}
	clocks := [2]clock{newClock(cfgs[0].Clock), newClock(cfgs[1].Clock)}
	for !pos.GameOver() {
		side := pos.Side
		if pos.MustPass() {
			for _, c := range [2]bitboard.Color{side, side.Other()} {
				if err := pls[c].play(ctx, side, bitboard.PassMove); err != nil {
					return out.forfeit(c, err)
				}
			}
			rec.moves = append(rec.moves, recordedMove{square: bitboard.PassMove})
			pos = pos.Pass()
			continue
		}
		margin, clk := cfgs[side].Margin, &clocks[side]
		limit := clk.limit(margin)
		reply, err := pls[side].genMove(ctx, side, clk, limit)
		if err != nil {
			return out.forfeit(side, err)
		}
		if !clk.charge(reply.elapsed, margin) {
			return out.forfeit(side, &fault{kind: faultTime, msg: fmt.Sprintf("move %s took %s, limit %s (clock %s, margin %s)",
				gtpVertex(reply.move), reply.elapsed.Round(time.Millisecond), limit.Round(time.Millisecond), cfgs[side].Clock, margin)})
		}
		if !pos.Legal(reply.move) {
			return out.forfeit(side, &fault{kind: faultIllegal, msg: fmt.Sprintf("%s played %s in %s (legal: %s)",
				side, gtpVertex(reply.move), bitboard.BoardString(pos.Board, side), squareList(pos.Moves()))})
		}
		pos = pos.Play(reply.move)
		rec.moves = append(rec.moves, recordedMove{square: reply.move, eval: reply.eval, evaluated: reply.evaluated, elapsed: reply.elapsed})
		if err := pls[side.Other()].play(ctx, side, reply.move); err != nil {
			return out.forfeit(side.Other(), err)
		}
	}
	black, white := pos.FinalCounts()
	rec.diff, rec.done = black-white, true
	return out, nil
}

// forfeit ends the game as lost by the side whose engine failed. A context
// error voids the game instead.
func (out outcome) forfeit(side bitboard.Color, err error) (outcome, error) {
	var f *fault
	if !errors.As(err, &f) {
		return out, err
	}
	out.fault, out.faultSide = f, side
	out.record.done, out.record.forfeit = true, 'r'
	if f.kind == faultTime {
		out.record.forfeit = 't'
	}
	out.record.diff = record.ForfeitDiff
	if side == bitboard.Black {
		out.record.diff = -record.ForfeitDiff
	}
	return out, nil
}

// squareList writes a set of squares as "c4 d3", or "none".
func squareList(set uint64) string {
	var names []string
	for ; set != 0; set &= set - 1 {
		names = append(names, bitboard.SquareName(bits.TrailingZeros64(set)))
	}
	if len(names) == 0 {
		return "none"
	}
	return strings.Join(names, " ")
}
