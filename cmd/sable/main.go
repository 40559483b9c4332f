// Command sable is the Sable Othello engine and its tools in one binary.
// With no subcommand it speaks GTP or NBoard on stdin/stdout (see
// "sable help" for the engine's flags); each subcommand is one tool:
//
//	sable web       play, analyse and review games in the browser
//	sable perft     count the leaves of the game tree
//	sable solve     solve OBF positions exactly, checked against their scores
//	sable bench     search the bench positions (the node-count signature)
//	sable eval      evaluate OBF positions and measure the evaluation's error
//	sable match     play a match or tournament between GTP/NBoard engines
//	sable review    find the mistakes in played games (tables, plot, HTML)
//	sable book      build and inspect opening books
//	sable wthor     check WTHOR game files
//	sable label     label the positions of games for training
//	sable train     fit the evaluation's weights to labelled positions
//	sable selfplay  play training games
//	sable mpcfit    fit the Multi-ProbCut error model
//
// "sable help CMD" or "sable CMD --help" shows a subcommand's flags. The
// libraries behind the tools live in tools/, book/ and bench/; each file
// here only reads a subcommand's flags and calls them.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/sable-othello/sable/internal/version"
)

// command is one subcommand of sable.
type command struct {
	name    string
	summary string // its line in "sable help"
	// run runs it on the arguments after its name and returns the exit
	// status. It builds its flags with newFlagSet.
	run func(args []string, stdout, stderr io.Writer) int
}

// commands are sable's subcommands, in the order "sable help" lists them.
// A new subcommand is one entry here and one file NAME.go with its run
// function.
var commands = []command{
	{"web", "play, analyse and review games in the browser (a local page)", runWeb},
	{"perft", "count the leaves of the game tree (move-generator proof and speed)", runPerft},
	{"solve", "solve OBF positions exactly, checked against the scores they give", runSolve},
	{"bench", "search the bench positions; prints the node-count signature", runBench},
	{"eval", "evaluate OBF positions and measure the evaluation's error", runEval},
	{"match", "play a match or tournament between GTP or NBoard engines", runMatch},
	{"review", "find the mistakes in played games: move table, losses, plot, HTML page", runReview},
	{"book", "build and inspect opening books", runBook},
	{"wthor", "check WTHOR game files: headers, records, legal replays", runWthor},
	{"label", "label the positions of WTHOR and self-play games for training", runLabel},
	{"train", "fit the evaluation's pattern weights to labelled positions", runTrain},
	{"selfplay", "play training games: random openings, searched moves, solved endings", runSelfplay},
	{"mpcfit", "fit the Multi-ProbCut error model of the search", runMpcfit},
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand, to help or version, or to the protocol
// loop when the first argument is none of them.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "help", "-h", "-help", "--help":
			return help(args[1:], stdout, stderr)
		case "version", "-version", "--version":
			fmt.Fprintln(stdout, "sable", version.String())
			return 0
		}
		if c, ok := lookup(args[0]); ok {
			return c.run(args[1:], stdout, stderr)
		}
	}
	return runProtocol(args, stdin, stdout, stderr)
}

// lookup returns the subcommand called name.
func lookup(name string) (command, bool) {
	for _, c := range commands {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

// help implements "sable help [CMD]": the subcommands and the engine's
// flags, or one subcommand's usage.
func help(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		c, ok := lookup(args[0])
		if !ok {
			fmt.Fprintf(stderr, "sable help: unknown command %q; \"sable help\" lists them\n", args[0])
			return 2
		}
		return c.run([]string{"--help"}, stdout, stderr)
	}
	fmt.Fprintf(stdout, "Sable %s, an Othello engine.\n\nusage: sable [flags]           play GTP or NBoard on stdin/stdout (flags below)\n       sable COMMAND [flags]   run a tool:\n\n", version.String())
	for _, c := range commands {
		fmt.Fprintf(stdout, "  %-9s %s\n", c.name, c.summary)
	}
	fmt.Fprint(stdout, `
"sable help COMMAND" or "sable COMMAND --help" shows a command's flags;
"sable --version" prints the version.
`)
	fs, _ := protocolFlags(stdout, stderr)
	fmt.Fprintln(stdout, "\nEngine flags (the protocol mode):")
	fs.SetOutput(stdout)
	fs.PrintDefaults()
	return 0
}
