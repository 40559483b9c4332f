// Package labcmd holds the lab's sable subcommands: the tools that build
// data, books, weights and reports (eval, match, review, book, wthor,
// label, train, selfplay, mpcfit). cmd/sable registers them beside the
// engine's modes, so that one binary has them all; each file only reads a
// subcommand's flags (with internal/cli) and calls the libraries of tools/.
package labcmd

import "github.com/sable-othello/sable/internal/cli"

// Commands are the lab's subcommands, in the order "sable help" lists them.
// A new tool is one entry here and one file NAME.go with its run function.
var Commands = []cli.Command{
	{Name: "eval", Summary: "evaluate OBF positions and measure the evaluation's error", Run: runEval},
	{Name: "match", Summary: "play a match or tournament between GTP or NBoard engines", Run: runMatch},
	{Name: "review", Summary: "find the mistakes in played games: move table, losses, plot, HTML page", Run: runReview},
	{Name: "book", Summary: "build and inspect opening books", Run: runBook},
	{Name: "wthor", Summary: "check WTHOR game files: headers, records, legal replays", Run: runWthor},
	{Name: "label", Summary: "label the positions of WTHOR and self-play games for training", Run: runLabel},
	{Name: "train", Summary: "fit the evaluation's pattern weights to labelled positions", Run: runTrain},
	{Name: "selfplay", Summary: "play training games: random openings, searched moves, solved endings", Run: runSelfplay},
	{Name: "mpcfit", Summary: "fit the Multi-ProbCut error model of the search", Run: runMpcfit},
}
