package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/protocol"
	"github.com/sable-othello/sable/search"
)

// version is what GTP's version command answers.
const version = "0.1.0-dev"

// runProtocol runs the GTP or NBoard loop on stdin and stdout. Flags set
// the engine as the protocols' setting commands do (GTP sable-NAME, NBoard
// set NAME); --log keeps a transcript of the session.
func runProtocol(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sable", flag.ContinueOnError)
	fs.SetOutput(stderr)
	st := protocol.DefaultSettings()
	proto := fs.String("protocol", "", "force the protocol: gtp or nboard (default: nboard if the first command is \"nboard N\", else gtp)")
	logFile := fs.String("log", "", "append a transcript of the session to `FILE`")
	noBook := fs.Bool("no-book", false, "play without an opening book (same as --book off)")
	evalName := fs.String("eval", "", "evaluation: a pattern weights `FILE`, or \"simple\" for the hand-written one (default: the embedded weights)")
	usage := map[string]string{
		"rules":           "rules: othello or classic",
		"scoring":         "scoring: wof (empties to the winner) or discs",
		"depth":           "midgame search depth in `plies` (0: none)",
		"level":           fmt.Sprintf("Edax-style `level` 1..60 (default %d when no depth, time or clock bounds a move)", protocol.DefaultLevel),
		"time":            "`seconds` per move (0: none)",
		"threads":         fmt.Sprintf("search `threads` (default %d)", st.Threads),
		"hash":            fmt.Sprintf("transposition table size in `MB` (default %d)", st.HashMB),
		"book":            "opening book: \"default\" (embedded), \"off\", or a `FILE` (read if it exists; learned games are saved there)",
		"book-randomness": fmt.Sprintf("play any book move within `N` discs of the best (default %d)", st.BookRandomness),
	}
	given := map[string]string{}
	for _, name := range protocol.SettingNames {
		fs.Func(name, usage[name], func(v string) error { given[name] = v; return nil })
	}
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sable [flags]   speak GTP or NBoard on stdin/stdout")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "sable: unexpected argument %q (not a subcommand; see sable help)\n", fs.Arg(0))
		return 2
	}
	if *noBook {
		given["book"] = protocol.BookOff
	}
	// Settings apply in a fixed order, whatever the order of the flags:
	// --rules (which brings its scoring) before --scoring.
	for _, name := range protocol.SettingNames {
		if v, ok := given[name]; ok {
			if err := st.Set(name, v); err != nil {
				fmt.Fprintf(stderr, "sable: --%s: %v\n", name, err)
				fs.Usage()
				return 2
			}
		}
	}
	cfg := protocol.Config{Settings: st, Protocol: *proto, Version: version, Log: stderr}
	if *evalName != "" {
		ev, err := loadEval(*evalName)
		if err != nil {
			fmt.Fprintln(stderr, "sable: --eval:", err)
			return 2
		}
		cfg.NewEngine = func(o search.Options) protocol.Engine {
			o.Eval = ev
			return search.New(o)
		}
	}
	if *logFile != "" {
		f, err := os.OpenFile(*logFile, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
		if err != nil {
			fmt.Fprintln(stderr, "sable:", err)
			return 2
		}
		defer f.Close()
		cfg.Transcript = f
	}
	if err := protocol.Serve(stdin, stdout, cfg); err != nil {
		fmt.Fprintln(stderr, "sable:", err)
		return 1
	}
	return 0
}

// loadEval returns the evaluation named by --eval: "simple", or a weights
// file, which is refused with the reason if it is not a valid one.
func loadEval(name string) (eval.Evaluator, error) {
	if name == "simple" {
		return eval.Simple{}, nil
	}
	w, err := eval.LoadWeights(name)
	if err != nil {
		return nil, err
	}
	return eval.NewPattern(w), nil
}
