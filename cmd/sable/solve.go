package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/cli"
	"github.com/sable-othello/sable/search"
	"golang.org/x/term"
)

// runSolve implements "sable solve": solve every OBF line of a file (or
// stdin) and compare with the scores the line gives.
func runSolve(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("solve", "[flags] [FILE]", "Solves every OBF line of FILE (stdin when FILE is absent or -) exactly and\ncompares the score with the one the line gives.", stdout, stderr)
	threads := fs.Int("threads", 1, "search threads")
	hash := fs.Int("hash", 128, "transposition table size in `MB`")
	wld := fs.Bool("wld", false, "prove win/loss/draw only")
	scoring := fs.String("scoring", "wof", "scoring: wof or discs")
	fs.Profiling()
	if err := fs.Parse(args); err != nil {
		return fs.Exit(err)
	}
	sc, err := bitboard.ParseScoring(*scoring)
	if err == nil && fs.NArg() > 1 {
		err = fmt.Errorf("one file at most, got %d", fs.NArg())
	}
	if err == nil && (*threads < 1 || *hash < 1) {
		err = fmt.Errorf("--threads and --hash must be positive")
	}
	if err != nil {
		return fs.Exit(fs.UsageError("%v", err))
	}
	in := io.Reader(os.Stdin)
	if name := fs.Arg(0); name != "" && name != "-" {
		f, err := os.Open(name)
		if err != nil {
			fmt.Fprintln(stderr, "sable solve:", err)
			return 2
		}
		defer f.Close()
		in = f
	}
	stop, err := fs.StartProfile()
	if err != nil {
		return fs.Exit(err)
	}
	defer stop()
	eng, err := search.New(search.Options{HashMB: *hash, Threads: *threads, SolvedEntries: search.DefaultSolvedEntries})
	if err != nil {
		return fs.Exit(err)
	}
	defer eng.Close()
	rules := bitboard.Rules{Variant: bitboard.Othello, Scoring: sc}
	ctx, cancel := cli.InterruptContext()
	defer cancel()
	return solveLines(ctx, in, eng, rules, *wld, stdout, stderr)
}

// solveLines solves each OBF line and prints a row per line, numbered by
// its line in the input, then totals. A line that cannot be read (bad OBF,
// over lines.MaxBytes) is reported and the others go on. A solve that
// takes a while shows its progress on stderr. It returns 1 if a score
// differs from the expected one or a line is bad. When ctx is cancelled
// (Ctrl-C) the solve under way is dropped, the totals of the lines solved
// are printed and it returns 1.
func solveLines(ctx context.Context, in io.Reader, eng *search.Engine, rules bitboard.Rules, wld bool, stdout, stderr io.Writer) int {
	fmt.Fprintf(stdout, "%5s %7s %5s %6s %8s %14s %10s %12s\n", "line", "empties", "move", "score", "expected", "nodes", "time", "nodes/s")
	status, count := 0, 0
	var nodes uint64
	var elapsed time.Duration
	obf := bitboard.NewOBFReader(in)
	for {
		line, err := obf.Next()
		if err == io.EOF {
			break
		}
		if le := (*bitboard.OBFLineError)(nil); errors.As(err, &le) {
			fmt.Fprintln(stderr, le)
			status = 1
			continue
		}
		if err != nil {
			fmt.Fprintln(stderr, "sable solve:", err)
			status = 1
			break
		}
		pos := bitboard.FromBoard(line.Board, line.Side, rules)
		done := showProgress(eng, obf.Line(), pos.Board.NumEmpties(), wld, stderr)
		r := eng.Solve(ctx, pos, wld)
		done()
		if ctx.Err() != nil {
			fmt.Fprintf(stderr, "sable solve: interrupted at line %d after %d positions\n", obf.Line(), count)
			status = 1
			break
		}
		count++
		expected := "-"
		if best, ok := line.BestScore(); ok {
			if wld {
				best = max(-1, min(1, best)) // a WLD solve proves the sign only
			}
			expected = fmt.Sprintf("%+d", best)
			if best != r.Score {
				status = 1
				expected += " !"
			}
		}
		nodes += r.Nodes
		elapsed += r.Elapsed
		fmt.Fprintf(stdout, "%5d %7d %5s %+6d %8s %14d %10s %12.0f\n", obf.Line(), pos.Board.NumEmpties(),
			bitboard.SquareName(r.Move), r.Score, expected, r.Nodes, r.Elapsed.Round(time.Millisecond), float64(r.Nodes)/max(r.Elapsed.Seconds(), 1e-9))
	}
	fmt.Fprintf(stdout, "total: %d positions, %d nodes, %s, %.0f nodes/s\n", count, nodes, elapsed.Round(time.Millisecond), float64(nodes)/max(elapsed.Seconds(), 1e-9))
	hits, misses := eng.SolvedStats()
	fmt.Fprintf(stdout, "solved cache: %d hits, %d misses\n", hits, misses)
	return status
}

// Progress of a long solve: the first report after progressDelay, then one
// every progressEvery, redrawn in place on a terminal, a line each
// elsewhere (less often, to keep logs short).
const (
	progressDelay       = time.Second
	progressEvery       = time.Second
	progressEveryInLogs = 10 * time.Second
)

// showProgress reports on stderr, while the engine solves the position of
// line lineNo, the nodes searched and the time spent. The returned function
// ends the report; it must be called when the solve returns.
func showProgress(eng *search.Engine, lineNo, empties int, wld bool, stderr io.Writer) (done func()) {
	tty := false
	if f, ok := stderr.(*os.File); ok {
		tty = term.IsTerminal(int(f.Fd()))
	}
	every := progressEveryInLogs
	if tty {
		every = progressEvery
	}
	what := "exact"
	if wld {
		what = "WLD"
	}
	start := time.Now()
	stop := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		shown := false
		next := time.NewTimer(progressDelay)
		defer next.Stop()
		for {
			select {
			case <-stop:
				if shown && tty {
					fmt.Fprint(stderr, "\r\x1b[K")
				}
				return
			case <-next.C:
			}
			el := time.Since(start)
			n := eng.Nodes()
			msg := fmt.Sprintf("line %d: solving %d empties (%s): %d nodes, %s, %.0f nodes/s",
				lineNo, empties, what, n, el.Round(time.Second), float64(n)/el.Seconds())
			if tty {
				fmt.Fprint(stderr, "\r\x1b[K"+msg)
			} else {
				fmt.Fprintln(stderr, msg)
			}
			shown = true
			next.Reset(every)
		}
	}()
	return func() {
		close(stop)
		<-finished
	}
}
