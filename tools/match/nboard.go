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

// nboardPlayer drives an engine over NBoard. The runner keeps the game and
// sends all of it with "set game" before every "go", so the engine reads the
// clocks from the GGF (TB/TW and the time of every move), as NBoard intends.
type nboardPlayer struct {
	proc *process
	cfg  *EngineConfig
	game gameRecord
	ping int
}

// startNBoard opens NBoard version 2, sends the depth and init commands, and
// waits for a pong to know the engine is listening.
func startNBoard(ctx context.Context, proc *process, cfg *EngineConfig) (*nboardPlayer, error) {
	n := &nboardPlayer{proc: proc, cfg: cfg}
	commands := []string{"nboard 2"}
	if cfg.Depth > 0 {
		commands = append(commands, fmt.Sprintf("set depth %d", cfg.Depth))
	}
	for _, c := range append(commands, cfg.Init...) {
		if err := proc.send(c); err != nil {
			return nil, err
		}
	}
	if err := n.sync(ctx); err != nil {
		return nil, err
	}
	return n, nil
}

// sync sends a ping and reads up to its pong, skipping everything else.
func (n *nboardPlayer) sync(ctx context.Context) error {
	n.ping++
	if err := n.proc.send(fmt.Sprintf("ping %d", n.ping)); err != nil {
		return err
	}
	want := fmt.Sprintf("pong %d", n.ping)
	deadline := time.Now().Add(replyTimeout)
	for {
		line, err := n.proc.readLine(ctx, deadline)
		if err != nil {
			return asFault(err, "no "+want)
		}
		if strings.Join(strings.Fields(line), " ") == want {
			return nil
		}
	}
}

func (n *nboardPlayer) newGame(ctx context.Context, s *gameSetup) error {
	n.game = gameRecord{index: -1, names: s.names, clocks: s.clocks, start: bitboard.NewGame(s.rules)}
	for _, mv := range s.opening {
		n.game.moves = append(n.game.moves, recordedMove{square: mv})
	}
	return nil
}

func (n *nboardPlayer) play(ctx context.Context, side bitboard.Color, move int) error {
	n.game.moves = append(n.game.moves, recordedMove{square: move})
	return nil
}

func (n *nboardPlayer) genMove(ctx context.Context, side bitboard.Color, clk *clock, limit time.Duration) (moveReply, error) {
	if err := n.proc.send("set game " + n.game.ggf()); err != nil {
		return moveReply{}, err
	}
	if err := n.sync(ctx); err != nil {
		return moveReply{}, err
	}
	if err := n.proc.send("go"); err != nil {
		return moveReply{}, err
	}
	start := time.Now()
	var deadline time.Time
	if limit > 0 {
		deadline = start.Add(limit)
	}
	for {
		line, err := n.proc.readLine(ctx, deadline)
		if errors.Is(err, errTimeout) {
			return moveReply{}, &fault{kind: faultTime, msg: fmt.Sprintf("no move within %s (clock %s, margin %s)",
				limit.Round(time.Millisecond), n.cfg.Clock, n.cfg.Margin), stalled: true}
		}
		if err != nil {
			return moveReply{}, asFault(err, "go")
		}
		if rest, ok := strings.CutPrefix(line, "==="); ok {
			reply, err := parseNBoardMove(rest)
			reply.elapsed = time.Since(start)
			if err == nil {
				n.game.moves = append(n.game.moves, recordedMove{square: reply.move, eval: reply.eval, evaluated: reply.evaluated, elapsed: reply.elapsed})
			}
			return reply, err
		}
	}
}

// parseNBoardMove reads what follows "===": MOVE[/EVAL[/TIME]], with
// slashes or spaces between the parts (Edax writes spaces). The engine's
// time is not kept: the runner measures its own.
func parseNBoardMove(s string) (moveReply, error) {
	if strings.TrimSpace(s) == "" {
		return moveReply{}, &fault{kind: faultProtocol, msg: "=== without a move"}
	}
	m, err := record.ParseMoveItem(s)
	if err != nil {
		return moveReply{}, &fault{kind: faultProtocol, msg: fmt.Sprintf("=== %s: not a move (%v)", strings.TrimSpace(s), err)}
	}
	return moveReply{move: m.Square, eval: m.Eval, evaluated: m.Evaluated}, nil
}

func (n *nboardPlayer) close() { n.proc.quit("quit") }

func (n *nboardPlayer) kill() { n.proc.kill() }
