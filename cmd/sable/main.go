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
// engine's modes (the protocols, web, perft, solve, bench) are this package's
// files; the lab's tools are tools/labcmd's, joined to them by lab.go, so
// that "go build -tags engineonly" makes an engine without the lab. Each
// file only reads a subcommand's flags and calls the libraries.
package main

import (
	"fmt"
	"io"
	"os"

	"github.com/sable-othello/sable/internal/cli"
	"github.com/sable-othello/sable/internal/version"
)

// commands are sable's subcommands, in the order "sable help" lists them:
// the engine's here, then the lab's (lab.go). A new engine mode is one entry
// here and one file NAME.go with its run function.
var commands = []cli.Command{
	{Name: "web", Summary: "play, analyse and review games in the browser (a local page)", Run: runWeb},
	{Name: "perft", Summary: "count the leaves of the game tree (move-generator proof and speed)", Run: runPerft},
	{Name: "solve", Summary: "solve OBF positions exactly, checked against the scores they give", Run: runSolve},
	{Name: "bench", Summary: "search the bench positions; prints the node-count signature", Run: runBench},
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
			return c.Run(args[1:], stdout, stderr)
		}
	}
	return runProtocol(args, stdin, stdout, stderr)
}

// lookup returns the subcommand called name.
func lookup(name string) (cli.Command, bool) {
	for _, c := range commands {
		if c.Name == name {
			return c, true
		}
	}
	return cli.Command{}, false
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
		return c.Run([]string{"--help"}, stdout, stderr)
	}
	fmt.Fprintf(stdout, "Sable %s, an Othello engine.\n\nusage: sable [flags]           play GTP or NBoard on stdin/stdout (flags below)\n       sable COMMAND [flags]   run a tool:\n\n", version.String())
	for _, c := range commands {
		fmt.Fprintf(stdout, "  %-9s %s\n", c.Name, c.Summary)
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
