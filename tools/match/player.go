package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

// player is a running engine as the referee drives it, whatever its
// protocol. Every error a method returns is the engine's fault (a *fault)
// unless the context ended.
type player interface {
	// newGame sets up the engine for a game starting after the opening.
	newGame(ctx context.Context, g *gameSetup) error
	// play tells the engine a move or a forced pass (bitboard.PassMove).
	play(ctx context.Context, side bitboard.Color, move int) error
	// genMove asks the engine for its move and commits it on the engine's
	// side. limit is the time allowed (0: none); clk is the engine's clock
	// to tell it.
	genMove(ctx context.Context, side bitboard.Color, clk *clock, limit time.Duration) (moveReply, error)
	// close asks the engine to quit, killing it if it does not.
	close()
	// kill ends the engine at once.
	kill()
}

// gameSetup is what an engine is told before a game.
type gameSetup struct {
	rules   bitboard.Rules
	names   [2]string             // Black's and White's display names
	clocks  [2]record.TimeControl // Black's and White's clocks
	opening []int                 // opening moves, forced passes written out
}

// moveReply is an engine's answer to a move request.
type moveReply struct {
	move      int           // a square, or bitboard.PassMove
	eval      float64       // the engine's evaluation, if evaluated
	evaluated bool          // whether the engine gave one
	elapsed   time.Duration // measured by the runner
}

// faultKind says how an engine lost a game by forfeit.
type faultKind uint8

const (
	faultIllegal  faultKind = iota // an illegal move or a pass while a move exists
	faultTime                      // past its time, or no reply to a command in time
	faultCrash                     // the process exited or closed its pipes
	faultProtocol                  // a reply the runner cannot read, or a refused command
	faultResign                    // the engine resigned
)

func (k faultKind) String() string {
	return [...]string{"illegal move", "time forfeit", "crash", "protocol error", "resignation"}[k]
}

// fault is an engine's failure that loses it the game.
type fault struct {
	kind    faultKind
	msg     string
	stalled bool // no reply came: the engine may still be busy
}

func (f *fault) Error() string { return f.kind.String() + ": " + f.msg }

// restart reports whether the engine's state is unknown after the fault, so
// that it must be restarted before its next game.
func (f *fault) restart() bool { return f.stalled || f.kind == faultCrash || f.kind == faultProtocol }

// asFault turns a process error into a fault: a timeout loses on time, any
// other failure is a crash. Context errors pass through.
func asFault(err error, what string) error {
	var f *fault
	switch {
	case err == nil, errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	case errors.As(err, &f):
		return err
	case errors.Is(err, errTimeout):
		return &fault{kind: faultTime, msg: what, stalled: true}
	}
	return &fault{kind: faultCrash, msg: fmt.Sprintf("%s: %v", what, err)}
}

// startPlayer starts an engine for a worker and goes through its protocol's
// handshake and init commands.
func startPlayer(ctx context.Context, cfg *EngineConfig, worker int, trace *tracer) (player, error) {
	proc, err := startProcess(cfg, worker, trace)
	if err != nil {
		return nil, err
	}
	var pl player
	if cfg.Protocol == NBoard {
		pl, err = startNBoard(ctx, proc, cfg)
	} else {
		pl, err = startGTP(ctx, proc, cfg)
	}
	if err != nil {
		proc.kill()
		return nil, fmt.Errorf("start %s: %w", cfg.Name, err)
	}
	return pl, nil
}
