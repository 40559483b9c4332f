package labcmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/book"
	"github.com/sable-othello/sable/internal/cli"
	"github.com/sable-othello/sable/internal/pool"
	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/tools/bookbuild"
)

// bookAbout is the description of "sable book".
const bookAbout = `Builds and inspects opening books. Commands that search save the book every
--checkpoint positions and when interrupted; running the same command again
resumes. With --out they write there (resuming from it when it exists) and
leave --book unchanged; without, they update --book in place.

  seed --out FILE [--plies N] [--min-games K] SOURCE...
        start a book with the positions of the games' first N moves that at
        least K games reached. A SOURCE is any game file: a WTHOR .wtb file
        or a directory of them, GGF or SGF records (so sable match results
        work), a self-play games file, or transcripts one a line (XOT lists;
        # comments). Games from another start than Othello's are skipped.
  evaluate --book FILE (--depth D | --level L) [--deepen] [search flags]
        search the leaves of the positions that wait for it (new ones, and
        those whose leaf move has entered the book), then negamax.
  expand --book FILE (--depth D | --level L) [--window W] [--plies P] [search flags]
        grow the book along the lines within W discs of the best, up to P
        moves from the start, searching the new leaves, until nothing is
        added. With --shard it does one round: merge the shards and repeat.
  negamax --book FILE [--out FILE]      propagate the values again
  merge --out FILE BOOK...              join books (shards of one build)
  stats [--book FILE] [--plies N] [SOURCE...]
        count positions by ply and search depth; with SOURCEs, the share of
        their games' positions after 1..N moves that the book holds
  show [--book FILE] [MOVES]            the book moves after MOVES

Search flags: --eval FILE|simple, --hash MB, --workers N (one
single-threaded engine each), --shard i/n (search only that part; merge the
parts), --checkpoint N. The same flags and engine build the same book,
however the work was interrupted, sharded or spread over workers.

The embedded default book (book/default.sbk) is built with, in about ten
minutes of one core:
  sable book seed --out seed.sbk --plies 20 --min-games 4 ../shared/data/wthor
  sable book evaluate --book seed.sbk --out default.sbk --depth 7
  sable book expand --book default.sbk --depth 7 --window 0 --plies 28

Run "sable book COMMAND --help" for a command's flags.
`

// bookCommands maps each "sable book" command to its implementation.
var bookCommands = map[string]func(args []string, stdout, stderr io.Writer) error{
	"seed":     bookSeed,
	"evaluate": bookEvaluate,
	"expand":   bookExpand,
	"negamax":  bookNegamax,
	"merge":    bookMerge,
	"stats":    bookStats,
	"show":     bookShow,
}

// runBook implements "sable book".
func runBook(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("book", "COMMAND [flags] [ARGS]", bookAbout, stdout, stderr)
	if err := fs.Parse(args); err != nil {
		return fs.Exit(err)
	}
	name, rest := fs.Arg(0), fs.Args()[min(1, fs.NArg()):]
	if name == "help" && len(rest) == 0 {
		return fs.Exit(fs.Parse([]string{"--help"}))
	}
	if name == "help" {
		name, rest = rest[0], []string{"--help"}
	}
	cmd, ok := bookCommands[name]
	switch {
	case name == "":
		return fs.Exit(fs.UsageError("no command"))
	case !ok:
		return fs.Exit(fs.UsageError("unknown command %q", name))
	}
	err := cmd(rest, stdout, stderr)
	if err != nil && !errors.Is(err, flag.ErrHelp) && !errors.Is(err, cli.ErrUsage) {
		fmt.Fprintf(stderr, "sable book %s: %v\n", name, err)
		if errors.As(err, new(cli.BadValue)) {
			return 2
		}
		return 1
	}
	return fs.Exit(err)
}

// newBookFlags returns the flag set of "sable book NAME SYNOPSIS".
func newBookFlags(name, synopsis string, stdout, stderr io.Writer) *cli.FlagSet {
	return cli.NewFlagSet("book "+name, synopsis, "", stdout, stderr)
}

// openBook reads the book named by a --book flag (book.OpenNamed): a
// file, or "default", the embedded book. These commands need a book, so
// "off" is an error.
func openBook(name string) (*book.Book, error) {
	b, err := book.OpenNamed(name)
	if err == nil && b == nil {
		err = fmt.Errorf("--book %s: a book is needed", name)
	}
	return b, err
}

// bookFiles are the --book and --out flags of a command that changes a book.
type bookFiles struct{ in, out string }

func (f *bookFiles) register(fs *flag.FlagSet) {
	fs.StringVar(&f.in, "book", "", "the book `FILE` to start from")
	fs.StringVar(&f.out, "out", "", "write the result to `FILE` (default: --book, in place); resumed when it exists")
}

// open checks the flags and reads the book to work on: --out when it
// exists (an interrupted run to resume), else --book.
func (f *bookFiles) open(fs *cli.FlagSet, stderr io.Writer) (*book.Book, error) {
	if f.in == "" {
		return nil, fs.UsageError("--book is required")
	}
	if f.out == "" {
		f.out = f.in
	}
	path := f.in
	if _, err := os.Stat(f.out); err == nil && f.out != f.in {
		path = f.out
		fmt.Fprintf(stderr, "resuming from %s\n", f.out)
	}
	return book.Open(path)
}

// save writes the book to --out.
func (f *bookFiles) save(b *book.Book) error { return b.Save(f.out) }

func bookSeed(args []string, stdout, stderr io.Writer) error {
	fs := newBookFlags("seed", "--out FILE [--plies N] [--min-games K] SOURCE...", stdout, stderr)
	out := fs.String("out", "", "the book `FILE` to write")
	plies := fs.Int("plies", 20, "keep positions after at most `N` moves")
	minGames := fs.Int("min-games", 4, "keep positions at least `K` games reached")
	if err := fs.Parse(args); err != nil {
		return err
	}
	switch {
	case *out == "":
		return fs.UsageError("--out is required")
	case fs.NArg() == 0:
		return fs.UsageError("no SOURCE of games")
	case *plies < 0 || *plies > 60 || *minGames < 1:
		return fs.UsageError("want 0 <= --plies <= 60 and --min-games >= 1")
	}
	games, err := sourceGames(fs.Args(), stderr)
	if err != nil {
		return err
	}
	s := bookbuild.NewSeeder(*plies)
	for _, g := range games {
		if err := s.Add(g); err != nil {
			return err
		}
	}
	b := book.New()
	s.Fill(b, *minGames)
	fmt.Fprintf(stderr, "%d games: %d positions after at most %d moves reached by %d or more\n",
		s.Games(), b.Len(), *plies, *minGames)
	return b.Save(*out)
}

// searchFlags configure the engines that search leaves.
type searchFlags struct {
	depth, level, hash, workers, every int
	shard                              string
	deepen                             bool
	eval                               *cli.EvalFlag
}

func (f *searchFlags) register(fs *cli.FlagSet) {
	fs.IntVar(&f.depth, "depth", 0, "search leaves to `D` plies")
	fs.IntVar(&f.level, "level", 0, "search leaves at Edax-style level `L`")
	fs.BoolVar(&f.deepen, "deepen", false, "also search again the leaves searched less deeply")
	f.eval = fs.AddEval()
	fs.IntVar(&f.hash, "hash", 4, "transposition table of each engine in `MB` (cleared before each position)")
	fs.IntVar(&f.workers, "workers", 1, "engines searching at once, one thread each")
	fs.StringVar(&f.shard, "shard", "0/1", "search only part `i/n` of the book")
	fs.IntVar(&f.every, "checkpoint", 500, "save the book every `N` positions searched")
}

// config checks the flags and returns the evaluation settings and the
// engines, which the caller closes.
func (f *searchFlags) config(fs *cli.FlagSet) (bookbuild.EvalConfig, []*search.Engine, error) {
	cfg := bookbuild.EvalConfig{Effort: book.Effort{Depth: f.depth, Level: f.level}, Deepen: f.deepen, Every: f.every}
	if err := cfg.Effort.Check(); err != nil {
		return cfg, nil, fs.UsageError("--depth or --level: %v", err)
	}
	sh, err := shard.Parse(f.shard)
	if err != nil {
		return cfg, nil, fs.UsageError("--shard: %v", err)
	}
	cfg.Shard = sh
	if f.workers < 1 || f.hash < 1 || f.every < 1 {
		return cfg, nil, fs.UsageError("--workers, --hash and --checkpoint must be positive")
	}
	ev, _, err := f.eval.Load()
	if err != nil {
		return cfg, nil, err
	}
	engines := make([]*search.Engine, f.workers)
	for i := range engines {
		if engines[i], err = search.New(search.Options{HashMB: f.hash, Threads: 1, Eval: ev}); err != nil {
			for _, e := range engines[:i] {
				e.Close()
			}
			return cfg, nil, err
		}
	}
	return cfg, engines, nil
}

// searchBook runs a searching command (evaluate or expand): it opens the
// book, sets up the engines, saves at checkpoints, on interruption and at
// the end.
func searchBook(name string, args []string, stdout, stderr io.Writer, extra func(*flag.FlagSet),
	work func(ctx context.Context, b *book.Book, ss []book.Searcher, cfg bookbuild.EvalConfig) error) error {
	fs := newBookFlags(name, "--book FILE [--out FILE] (--depth D | --level L) [flags]", stdout, stderr)
	var files bookFiles
	files.register(fs.FlagSet)
	var sf searchFlags
	sf.register(fs)
	extra(fs.FlagSet)
	fs.Profiling()
	if err := fs.Parse(args); err != nil {
		return err
	}
	cfg, engines, err := sf.config(fs)
	if err != nil {
		return err
	}
	stopProfile, err := fs.StartProfile()
	if err != nil {
		return err
	}
	defer stopProfile()
	ss := make([]book.Searcher, len(engines))
	for i, e := range engines {
		defer e.Close()
		ss[i] = e
	}
	b, err := files.open(fs, stderr)
	if err != nil {
		return err
	}
	cfg.Checkpoint = func() error { return files.save(b) }
	// Each call of Evaluate (a round of expand) is a run of its own.
	progress := pool.NewProgress(stderr, name, "positions")
	defer progress.Finish()
	cfg.Progress = func(done, total int) {
		if done == 1 {
			progress.Start(total)
		}
		progress.Add(1)
	}
	ctx, stop := cli.InterruptContext()
	defer stop()
	werr := work(ctx, b, ss, cfg)
	if err := files.save(b); err != nil {
		return err
	}
	if werr != nil && ctx.Err() != nil {
		return fmt.Errorf("interrupted; %s holds the work so far: run the same command again to resume", files.out)
	}
	return werr
}

func bookEvaluate(args []string, stdout, stderr io.Writer) error {
	return searchBook("evaluate", args, stdout, stderr, func(*flag.FlagSet) {},
		func(ctx context.Context, b *book.Book, ss []book.Searcher, cfg bookbuild.EvalConfig) error {
			fmt.Fprintf(stderr, "evaluate: %d positions to search at %v\n", bookbuild.Pending(b, cfg.Effort, cfg.Deepen, cfg.Shard), cfg.Effort)
			_, err := bookbuild.Evaluate(ctx, b, ss, cfg)
			return err
		})
}

func bookExpand(args []string, stdout, stderr io.Writer) error {
	var window, plies int
	return searchBook("expand", args, stdout, stderr, func(fs *flag.FlagSet) {
		fs.IntVar(&window, "window", 0, "follow and add moves within `W` discs of the best")
		fs.IntVar(&plies, "plies", 28, "add positions after at most `P` moves")
	}, func(ctx context.Context, b *book.Book, ss []book.Searcher, cfg bookbuild.EvalConfig) error {
		for round := 1; ; round++ {
			if n := bookbuild.Pending(b, cfg.Effort, cfg.Deepen, cfg.Shard); n > 0 {
				fmt.Fprintf(stderr, "expand: %d positions to search at %v\n", n, cfg.Effort)
			}
			if _, err := bookbuild.Evaluate(ctx, b, ss, cfg); err != nil {
				return err
			}
			if n := bookbuild.Pending(b, cfg.Effort, cfg.Deepen, shard.Shard{}); n > 0 {
				fmt.Fprintf(stderr, "expand: %d positions wait for the other shards: merge the shards' books, then run expand again\n", n)
				return nil
			}
			added := bookbuild.Deviate(b, window, plies)
			fmt.Fprintf(stderr, "expand: round %d adds %d positions (book %d)\n", round, added, b.Len())
			if added == 0 {
				return nil
			}
			if err := cfg.Checkpoint(); err != nil {
				return err
			}
		}
	})
}

func bookNegamax(args []string, stdout, stderr io.Writer) error {
	fs := newBookFlags("negamax", "--book FILE [--out FILE]", stdout, stderr)
	var files bookFiles
	files.register(fs.FlagSet)
	if err := fs.Parse(args); err != nil {
		return err
	}
	b, err := files.open(fs, stderr)
	if err != nil {
		return err
	}
	b.Negamax()
	return files.save(b)
}

func bookMerge(args []string, stdout, stderr io.Writer) error {
	fs := newBookFlags("merge", "--out FILE BOOK...", stdout, stderr)
	out := fs.String("out", "", "the merged book `FILE`")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return fs.UsageError("want --out and at least one BOOK")
	}
	merged := book.New()
	for _, path := range fs.Args() {
		b, err := book.Open(path)
		if err != nil {
			return err
		}
		bookbuild.Merge(merged, b)
	}
	fmt.Fprintf(stderr, "merge: %d positions\n", merged.Len())
	return merged.Save(*out)
}

// sourceGames reads the games of the SOURCE arguments of seed and stats
// (bookbuild.SourceGames), reporting on stderr those it skipped.
func sourceGames(sources []string, stderr io.Writer) ([][]int, error) {
	games, skipped, err := bookbuild.SourceGames(sources)
	if len(skipped) > 0 {
		fmt.Fprintf(stderr, "skipped %d bad games; the first: %v\n", len(skipped), skipped[0])
	}
	return games, err
}

func bookStats(args []string, stdout, stderr io.Writer) error {
	fs := newBookFlags("stats", "[--book FILE] [--plies N] [SOURCE...]", stdout, stderr)
	path := fs.String("book", book.DefaultName, "the book `FILE`, or default (the embedded one)")
	plies := fs.Int("plies", 20, "measure coverage after 1..`N` moves")
	if err := fs.Parse(args); err != nil {
		return err
	}
	b, err := openBook(*path)
	if err != nil {
		return err
	}
	var games [][]int
	if fs.NArg() > 0 {
		if games, err = sourceGames(fs.Args(), stderr); err != nil {
			return err
		}
	}
	return bookbuild.WriteStats(stdout, *path, b, games, *plies)
}

func bookShow(args []string, stdout, stderr io.Writer) error {
	fs := newBookFlags("show", "[--book FILE] [MOVES]", stdout, stderr)
	path := fs.String("book", book.DefaultName, "the book `FILE`, or default (the embedded one)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 1 {
		return fs.UsageError("one transcript at most")
	}
	b, err := openBook(*path)
	if err != nil {
		return err
	}
	moves, err := bitboard.ParseTranscript(fs.Arg(0))
	if err != nil {
		return err
	}
	pos, err := bitboard.Replay(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), moves)
	if err != nil {
		return err
	}
	return bookbuild.WriteMoves(stdout, b, pos)
}
