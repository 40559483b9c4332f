// Command sable is the Sable Othello engine. With no subcommand it speaks GTP
// or NBoard on stdin/stdout; subcommands run the tools:
//
//	sable perft   count the game tree (move-generator proof and speed)
//	sable solve   solve OBF positions exactly
//	sable bench   search the fixed bench positions (node-count signature)
//	sable eval    evaluate OBF positions and measure the evaluation's error
package main

import (
	"fmt"
	"io"
	"os"
)

// subcommands maps a subcommand name to its entry point. Each returns the
// process exit status.
var subcommands = map[string]func(args []string, stdout, stderr io.Writer) int{
	"perft": runPerft,
	"solve": runSolve,
	"match": runMatch,
	"bench": runBench,
	"book":  runBook,
	"eval":  runEval,
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// run dispatches to a subcommand, or to the protocol loop when the first
// argument is not one.
func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		if cmd, ok := subcommands[args[0]]; ok {
			return cmd(args[1:], stdout, stderr)
		}
		if args[0] == "help" || args[0] == "--help" || args[0] == "-h" {
			usage(stdout)
			return 0
		}
	}
	return runProtocol(args, stdin, stdout, stderr)
}

func usage(w io.Writer) {
	fmt.Fprint(w, `usage: sable [flags]            play GTP or NBoard on stdin/stdout
       sable perft [flags] [POS]  count leaves of the game tree
       sable solve [flags] [FILE] solve OBF positions exactly
       sable bench [flags]        search the bench positions
       sable eval [flags] [FILE]  evaluate OBF positions, errors against their scores
Run "sable COMMAND --help" for a command's flags.
`)
}
