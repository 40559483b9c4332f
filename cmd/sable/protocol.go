package main

import (
	"fmt"
	"io"
	"os"

	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/cli"
	"github.com/sable-othello/sable/internal/version"
	"github.com/sable-othello/sable/protocol"
	"github.com/sable-othello/sable/search"
	"golang.org/x/term"
)

// protocolOptions are the protocol mode's flags.
type protocolOptions struct {
	settings protocol.Settings
	given    map[string]string // setting flags given, by name
	proto    string
	logFile  string
	noBook   bool
	eval     *cli.EvalFlag
	mpc      *cli.MPCFlag
}

// protocolFlags returns the protocol mode's flag set. Flags set the engine
// as the protocols' setting commands do (GTP sable-NAME, NBoard set NAME).
func protocolFlags(stdout, stderr io.Writer) (*cli.FlagSet, *protocolOptions) {
	o := &protocolOptions{settings: protocol.DefaultSettings(), given: map[string]string{}}
	fs := cli.NewFlagSet("", "[flags]", "Speaks GTP or NBoard on stdin/stdout: NBoard if the first command is \"nboard N\", else GTP.", stdout, stderr)
	fs.StringVar(&o.proto, "protocol", "", "force the `protocol`: gtp or nboard (default: nboard if the first command is \"nboard N\", else gtp)")
	fs.StringVar(&o.logFile, "log", "", "append a transcript of the session to `FILE`")
	fs.BoolVar(&o.noBook, "no-book", false, "play without an opening book (same as --book off)")
	o.eval = fs.AddEval()
	o.mpc = fs.AddMPC()
	st := o.settings
	usage := map[string]string{
		"rules":           "the `rules`: othello or classic",
		"scoring":         "the `scoring`: wof (empties to the winner) or discs",
		"depth":           "midgame search depth in `plies` (0: none)",
		"level":           fmt.Sprintf("Edax-style `level` 0..%d (0: none; %d when no depth, time or clock bounds a move)", search.MaxLevel, protocol.DefaultLevel),
		"time":            "`seconds` per move (0: none)",
		"threads":         fmt.Sprintf("search `threads` (default %d)", st.Threads),
		"hash":            fmt.Sprintf("transposition table size in `MB` (default %d)", st.HashMB),
		"book":            "opening book: \"default\" (embedded), \"off\", or a `FILE` (read if it exists; learned games are saved there)",
		"book-randomness": fmt.Sprintf("play any book move within `N` discs of the best (default %d)", st.BookRandomness),
	}
	for _, name := range protocol.SettingNames() {
		fs.Func(name, usage[name], func(v string) error { o.given[name] = v; return nil })
	}
	return fs, o
}

// engine returns the settings, the evaluation and its Multi-ProbCut model
// (nil: the embedded weights' fit) that the engine flags of fs give, or the
// error for fs.Exit. Settings apply in a fixed order, whatever the order of
// the flags: --rules (which brings its scoring) before --scoring.
func (o *protocolOptions) engine(fs *cli.FlagSet) (protocol.Settings, eval.Evaluator, *search.ProbcutModel, error) {
	if o.noBook {
		o.given["book"] = protocol.BookOff
	}
	st := o.settings
	for _, name := range protocol.SettingNames() {
		if v, ok := o.given[name]; ok {
			if err := st.Set(name, v); err != nil {
				// err starts with the setting: --threads "0": want ...
				return st, nil, nil, fs.UsageError("--%v", err)
			}
		}
	}
	mpc, err := o.mpc.Model()
	if err != nil {
		return st, nil, nil, fs.UsageError("%v", err)
	}
	ev, _, err := o.eval.Load()
	return st, ev, mpc, err
}

// runProtocol runs the GTP or NBoard loop on stdin and stdout; --log keeps
// a transcript of the session.
func runProtocol(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs, o := protocolFlags(stdout, stderr)
	if err := fs.Parse(args); err != nil {
		return fs.Exit(err)
	}
	if fs.NArg() > 0 {
		return fs.Exit(fs.UsageError("unexpected argument %q (not a subcommand; see sable help)", fs.Arg(0)))
	}
	st, ev, mpc, err := o.engine(fs)
	if err != nil {
		return fs.Exit(err)
	}
	cfg := protocol.Config{Settings: st, Protocol: o.proto, Version: version.String(), Log: stderr, Eval: ev, Probcut: mpc}
	if o.logFile != "" {
		f, err := os.OpenFile(o.logFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			fmt.Fprintln(stderr, "sable:", err)
			return 2
		}
		defer f.Close()
		cfg.Transcript = f
	}
	if isTerminal(stdin) {
		fmt.Fprintln(stderr, terminalHint)
	}
	if err := protocol.Serve(stdin, stdout, cfg); err != nil {
		fmt.Fprintln(stderr, "sable:", err)
		return 1
	}
	return 0
}

// terminalHint greets someone who runs sable by hand, who would otherwise
// face a silent prompt.
const terminalHint = `sable: speaking GTP on stdin (NBoard if the first command is "nboard 2"); "list_commands" lists the commands, "quit" or Ctrl-D quits, "sable help" shows the tools`

// isTerminal reports whether r is a terminal (not /dev/null, which is a
// character device too).
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}
