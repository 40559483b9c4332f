package main

import (
	"fmt"
	"io"

	"github.com/sable-othello/sable/bench"
	"github.com/sable-othello/sable/internal/cli"
	"github.com/sable-othello/sable/search"
)

// defaultBenchDepth is deep enough to exercise probcut, ordering searches
// and the endgame switch on the late positions, and short enough to run in
// seconds.
const defaultBenchDepth = 12

// runBench implements "sable bench".
func runBench(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("bench", "[flags]", "Searches the 35 positions of bench/positions.txt to a fixed depth and prints\nnodes and time per position, then the totals: the node count on one thread\nis the search's signature. Then it solves the endgames of bench/endgame.txt\n(FFO #40-#44) exactly, with their own signature.", stdout, stderr)
	depth := fs.Int("depth", defaultBenchDepth, "search depth")
	threads := fs.Int("threads", 1, "search threads (the node signature holds on 1 thread only)")
	hash := fs.Int("hash", 64, "transposition table size in `MB`")
	sel := fs.Int("selectivity", 100, "probcut confidence in `percent`: "+search.SelectivityChoices())
	endgame := fs.Bool("endgame", true, "also solve the endgame bench positions (FFO #40-#44)")
	fs.Profiling()
	if err := fs.Parse(args); err != nil {
		return fs.Exit(err)
	}
	var err error
	switch {
	case fs.NArg() > 0:
		err = fs.UsageError("unexpected argument %q", fs.Arg(0))
	case *depth < 1 || *depth > 60:
		err = fs.UsageError("depth %d out of range 1..60", *depth)
	case *sel < 1 || *sel > 100:
		err = fs.UsageError("selectivity %d out of range 1..100", *sel)
	case *threads < 1 || *hash < 1:
		err = fs.UsageError("--threads and --hash must be positive")
	}
	if err != nil {
		return fs.Exit(err)
	}
	stop, err := fs.StartProfile()
	if err != nil {
		return fs.Exit(err)
	}
	defer stop()
	// No solved-position cache: its writes are asynchronous, which would
	// make node counts vary from run to run.
	eng, err := search.New(search.Options{HashMB: *hash, Threads: *threads})
	if err != nil {
		return fs.Exit(err)
	}
	defer eng.Close()
	bench.Run(eng, search.Limits{Depth: *depth, Selectivity: *sel}, stdout)
	if !*endgame {
		return 0
	}
	fmt.Fprintln(stdout)
	if t := bench.RunEndgame(eng, bench.EndgamePositions(), stdout); t.Wrong > 0 {
		return fs.Exit(fmt.Errorf("%d endgame scores wrong", t.Wrong))
	}
	return 0
}
