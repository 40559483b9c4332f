// Package protocol speaks the protocols of Othello GUIs and tools on a
// reader and a writer: GTP (Quarry, GoGui, gogui-twogtp, gogui-regress,
// scripts) and NBoard. It only translates: every move and value comes from
// the search.Engine it drives, or from the book through a book.Player.
//
// Serve reads the first command: "nboard N" selects NBoard, anything else
// is GTP. Nothing but protocol replies is written to the output, each reply
// is flushed at once, and commands are carried out strictly in order. A
// reader goroutine watches the input so that NBoard's ping, the one
// interrupt either protocol defines, stops a running search at once.
package protocol

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/lines"
	"github.com/sable-othello/sable/search"
)

// Protocol names accepted by Config.Protocol.
const (
	GTP    = "gtp"
	NBoard = "nboard"
)

// Engine is the search a session drives; *search.Engine is the real one.
// Searches stop when their context is cancelled.
type Engine interface {
	Search(ctx context.Context, pos bitboard.Position, lim search.Limits, info func(search.Info)) search.Result
	Solve(ctx context.Context, pos bitboard.Position, wld bool) search.Result
	Analyze(ctx context.Context, pos bitboard.Position, lim search.Limits, count int, info func(search.Analysis)) search.Analysis
	NewGame()
	// Close releases the engine's background resources; the session
	// calls it when it replaces the engine and when it ends.
	Close()
}

// Config sets up Serve.
type Config struct {
	Settings   Settings
	Protocol   string    // GTP, NBoard, or "" to choose from the first command
	Name       string    // engine name; "Sable" when empty
	Version    string    // engine version for GTP's version command
	Log        io.Writer // diagnostics (stderr); nil discards them
	Transcript io.Writer // when set, gets every line: "> " in, "< " out, "! " logged (NBoard's debug log style)

	// Eval is the evaluation of the engines the session builds; nil means
	// the embedded weights.
	Eval eval.Evaluator
	// Probcut is Multi-ProbCut's error model for Eval; nil means the one
	// fitted for the embedded weights.
	Probcut *search.ProbcutModel

	// NewEngine builds the engine for the settings' threads and table
	// size (and Eval), again whenever they change; nil means search.New.
	NewEngine func(search.Options) (Engine, error)
}

// Serve runs a protocol session until quit or the end of the input. Both
// wait for the commands before them to be carried out in full, as GTP's
// in-order execution asks and scripts that pipe commands rely on. Serve
// returns an error when the output fails or Config is invalid (an unknown
// protocol, a book that cannot be read).
func Serve(in io.Reader, out io.Writer, cfg Config) error {
	switch cfg.Protocol {
	case "", GTP, NBoard:
	default:
		return fmt.Errorf("unknown protocol %q (want gtp or nboard)", cfg.Protocol)
	}
	tr := &transcript{w: cfg.Transcript}
	s, err := newSession(cfg, out, tr)
	if err != nil {
		return err
	}
	defer s.close()
	lr := lines.NewReader(in, MaxLineBytes)
	first, ok := firstCommand(lr, tr)
	if !ok {
		return nil
	}
	proto := cfg.Protocol
	if proto == "" {
		proto = GTP
		if f := fields(cleanLine(first.text)); !first.tooLong && len(f) > 0 && f[0] == "nboard" {
			proto = NBoard
		}
	}
	var d dialect = newGTPSession(s)
	if proto == NBoard {
		d = &nboardSession{session: s}
	}
	s.in.push(first)
	go s.in.read(lr, d.interrupts, tr.input)
	return s.run(d)
}

// dialect is what differs between the protocols: how a line is carried
// out, and which lines stop a running search as soon as they are read.
type dialect interface {
	execute(l inputLine)
	interrupts(line string) bool
}

// newSearchEngine builds the real engine.
func newSearchEngine(o search.Options) (Engine, error) { return search.New(o) }

// firstCommand reads up to the first line that holds a command, skipping
// blank and comment lines as both protocols do.
func firstCommand(lr *lines.Reader, tr *transcript) (inputLine, bool) {
	for {
		l, err := readLine(lr)
		if err != nil {
			return inputLine{}, false
		}
		tr.input(l)
		if cleanGTPLine(l.text) != "" || (l.tooLong && !strings.Contains(l.text, "#")) {
			return l, true
		}
	}
}
