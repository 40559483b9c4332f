package match

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

// gtpPlayer drives an engine over GTP. Commands go without ids (Edax echoes
// ids wrongly); replies are read with or without them. Colours and moves are
// written in lower case, which every Othello GTP engine reads.
type gtpPlayer struct {
	proc *process
	cfg  *EngineConfig
}

// gtpReply is one GTP response.
type gtpReply struct {
	ok   bool   // "=" rather than "?"
	text string // the result or error message, lines joined by "\n"
	at   time.Time
}

// startGTP checks that the engine answers, then sends its init commands,
// each of which must succeed.
func startGTP(ctx context.Context, proc *process, cfg *EngineConfig) (*gtpPlayer, error) {
	g := &gtpPlayer{proc: proc, cfg: cfg}
	if _, err := g.exchange(ctx, "protocol_version", time.Now().Add(replyTimeout)); err != nil {
		return nil, err
	}
	for _, c := range cfg.Init {
		if err := g.mustSucceed(ctx, c); err != nil {
			return nil, fmt.Errorf("init command: %w", err)
		}
	}
	return g, nil
}

// exchange sends one command and reads its reply until the deadline.
func (g *gtpPlayer) exchange(ctx context.Context, command string, deadline time.Time) (gtpReply, error) {
	if err := g.proc.send(command); err != nil {
		return gtpReply{}, err
	}
	r, err := g.readReply(ctx, deadline)
	return r, asFault(err, fmt.Sprintf("no reply to %q", command))
}

// mustSucceed sends a command that the engine may not refuse.
func (g *gtpPlayer) mustSucceed(ctx context.Context, command string) error {
	r, err := g.exchange(ctx, command, time.Now().Add(replyTimeout))
	if err == nil && !r.ok {
		err = &fault{kind: faultProtocol, msg: fmt.Sprintf("%q refused: %s", command, r.text)}
	}
	return err
}

// readReply reads "=[id] result" or "?[id] message" and the lines after it
// up to the empty line that ends every response. Lines before the response
// that are not one are skipped.
func (g *gtpPlayer) readReply(ctx context.Context, deadline time.Time) (gtpReply, error) {
	var r gtpReply
	for {
		line, err := g.proc.readLine(ctx, deadline)
		if err != nil {
			return r, err
		}
		if line != "" && (line[0] == '=' || line[0] == '?') {
			r.ok, r.text, r.at = line[0] == '=', strings.TrimSpace(strings.TrimLeft(line[1:], "0123456789")), time.Now()
			break
		}
	}
	for {
		// The rest of a response is quick to come once it has started.
		line, err := g.proc.readLine(ctx, time.Now().Add(replyTimeout))
		if err != nil || strings.TrimSpace(line) == "" {
			return r, err
		}
		r.text += "\n" + line
	}
}

func (g *gtpPlayer) newGame(ctx context.Context, s *gameSetup) error {
	if err := g.mustSucceed(ctx, "clear_board"); err != nil {
		return err
	}
	// time_settings is optional in GTP: an engine that refuses it plays on
	// its own settings.
	if _, err := g.exchange(ctx, gtpTimeSettings(g.cfg.Clock), time.Now().Add(replyTimeout)); err != nil {
		return err
	}
	side := bitboard.Black
	for _, mv := range s.opening {
		if err := g.play(ctx, side, mv); err != nil {
			return err
		}
		side = side.Other()
	}
	return nil
}

func (g *gtpPlayer) play(ctx context.Context, side bitboard.Color, move int) error {
	command := fmt.Sprintf("play %s %s", gtpColor(side), gtpVertex(move))
	r, err := g.exchange(ctx, command, time.Now().Add(replyTimeout))
	// An engine that refuses an explicit pass inserts passes itself, as
	// Quarry expects of GTP Othello engines.
	if err == nil && !r.ok && move != bitboard.PassMove {
		err = &fault{kind: faultProtocol, msg: fmt.Sprintf("%q refused: %s", command, r.text)}
	}
	return err
}

func (g *gtpPlayer) genMove(ctx context.Context, side bitboard.Color, clk *clock, limit time.Duration) (moveReply, error) {
	if clk.tc.Limited() {
		command := fmt.Sprintf("time_left %s %d %d", gtpColor(side), gtpSeconds(clk.remaining), gtpStones(clk))
		if _, err := g.exchange(ctx, command, time.Now().Add(replyTimeout)); err != nil {
			return moveReply{}, err
		}
	}
	command := "genmove " + gtpColor(side)
	if err := g.proc.send(command); err != nil {
		return moveReply{}, err
	}
	start := time.Now()
	var deadline time.Time
	if limit > 0 {
		deadline = start.Add(limit)
	}
	r, err := g.readReply(ctx, deadline)
	if errors.Is(err, errTimeout) {
		return moveReply{}, &fault{kind: faultTime, msg: fmt.Sprintf("no move within %s (clock %s, margin %s)",
			limit.Round(time.Millisecond), g.cfg.Clock, g.cfg.Margin), stalled: true}
	}
	if err != nil {
		return moveReply{}, asFault(err, "genmove")
	}
	if !r.ok {
		return moveReply{}, &fault{kind: faultProtocol, msg: fmt.Sprintf("%q refused: %s", command, r.text)}
	}
	reply := moveReply{elapsed: r.at.Sub(start)}
	word := strings.ToLower(strings.TrimSpace(r.text))
	if word == "resign" {
		return reply, &fault{kind: faultResign, msg: "the engine resigned"}
	}
	sq, err := bitboard.ParseMove(word)
	if err != nil {
		return reply, &fault{kind: faultProtocol, msg: fmt.Sprintf("genmove answered %q: not a move", r.text)}
	}
	reply.move = sq
	return reply, nil
}

func (g *gtpPlayer) close() { g.proc.quit("quit") }

func (g *gtpPlayer) kill() { g.proc.kill() }

// gtpTimeSettings writes a clock as GTP's time_settings: main time,
// byo-yomi time and byo-yomi stones. "0 1 0" means no limit; MOVES/TIME is
// Canadian byo-yomi with no main time; TIME+INC is absolute time (the
// increment shows in time_left before each move).
func gtpTimeSettings(tc record.TimeControl) string {
	switch {
	case !tc.Limited():
		return "time_settings 0 1 0"
	case tc.Moves > 0:
		return fmt.Sprintf("time_settings 0 %d %d", max(gtpSeconds(tc.Main), 1), tc.Moves)
	}
	return fmt.Sprintf("time_settings %d 0 0", max(gtpSeconds(tc.Main), 1))
}

// gtpSeconds writes a time as GTP's whole seconds, rounded down so that an
// engine never believes it has more time than it has.
func gtpSeconds(d time.Duration) int { return int(max(d, 0) / time.Second) }

// gtpStones is time_left's stone count: the moves left in a byo-yomi period,
// or 0 when the time is for the whole game.
func gtpStones(c *clock) int {
	if c.tc.Moves > 0 {
		return c.movesLeft
	}
	return 0
}

func gtpColor(c bitboard.Color) string {
	if c == bitboard.White {
		return "w"
	}
	return "b"
}

func gtpVertex(move int) string {
	if move == bitboard.PassMove {
		return "pass"
	}
	return bitboard.SquareName(move)
}
