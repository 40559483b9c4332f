package main

import (
	"flag"
	"fmt"
	"io"

	"github.com/sable-othello/sable/bench"
	"github.com/sable-othello/sable/search"
)

// defaultBenchDepth is deep enough to exercise probcut, ordering searches
// and the endgame switch on the late positions, and short enough to run in
// seconds.
const defaultBenchDepth = 12

// runBench implements "sable bench".
func runBench(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("bench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	depth := fs.Int("depth", defaultBenchDepth, "search depth")
	threads := fs.Int("threads", 1, "search threads (the node signature holds on 1 thread only)")
	hash := fs.Int("hash", 64, "transposition table size in `MB`")
	sel := fs.Int("selectivity", 100, "probcut confidence in `percent`: 73, 87, 95, 98, 99 or 100 (none)")
	var prof profileFlags
	prof.register(fs)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: sable bench [--depth N] [--threads N] [--hash MB] [--selectivity P] [--cpuprofile FILE | --memprofile FILE]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	var err error
	switch {
	case fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	case *depth < 1 || *depth > 60:
		err = fmt.Errorf("depth %d out of range 1..60", *depth)
	case *sel < 1 || *sel > 100:
		err = fmt.Errorf("selectivity %d out of range 1..100", *sel)
	case *threads < 1 || *hash < 1:
		err = fmt.Errorf("--threads and --hash must be positive")
	default:
		err = prof.check()
	}
	if err != nil {
		fmt.Fprintln(stderr, "sable bench:", err)
		fs.Usage()
		return 2
	}
	stop, err := prof.start()
	if err != nil {
		fmt.Fprintln(stderr, "sable bench:", err)
		return 2
	}
	defer stop()
	// No solved-position cache: its writes are asynchronous, which would
	// make node counts vary from run to run.
	eng := search.New(search.Options{HashMB: *hash, Threads: *threads, SolvedEntries: -1})
	defer eng.Close()
	bench.Run(eng, search.Limits{Depth: *depth, Selectivity: *sel}, stdout)
	return 0
}
