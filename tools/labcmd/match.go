package labcmd

import (
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/atomicfile"
	"github.com/sable-othello/sable/internal/cli"
	"github.com/sable-othello/sable/internal/plotstyle"
	"github.com/sable-othello/sable/internal/pool"
	"github.com/sable-othello/sable/tools/match"
)

// matchSynopsis and matchAbout are the usage of "sable match".
const matchSynopsis = `[flags] --engine KEY=VALUE... --engine KEY=VALUE... [--engine ...]
       sable match --gen-openings N [--plies P] [--window K] [--depth D] [--seed S] > FILE`

const matchAbout = `Plays a match between GTP or NBoard engines. Each --engine is followed by
its options, KEY=VALUE words up to the next flag:
  name=NAME        display name, unique (default: the program's base name)
  cmd=COMMAND      program and arguments (quote the whole word: cmd="gtp-rhino -l 3")
  proto=gtp        gtp or nboard
  dir=DIR          working directory
  init="C1;C2"     protocol commands sent after start (e.g. init="sable-rules classic")
  margin=DUR       time forfeit tolerance (default 0): 100ms, 0.1
  tc=CONTROL       clock: inf (default), MOVES/SECONDS (1/2: 2 s a move), SECONDS+INC (60+0.5)
  depth=N          NBoard "set depth N"; for GTP engines send their own command with init=
--each takes the same options and applies them to every engine first.
--sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05] stops when the test decides.

Each finished game is appended to the results file as one GGF line; running
the same command again resumes the match there. Ctrl-C stops cleanly.

Example (Debian's grhino package puts gtp-rhino in /usr/games):
  sable match --engine name=rhino3 cmd="/usr/games/gtp-rhino -l 3" tc=60+1 \
              --engine name=rhino2 cmd="/usr/games/gtp-rhino -l 2" tc=60+1 \
              --openings ../shared/data/xot/xot-small.txt --order random --games 100 \
              --concurrency 2 --results rhino.ggf --plot rhino.png --sprt elo0=0 elo1=50
`

// runMatch implements "sable match".
func runMatch(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("match", matchSynopsis, matchAbout, stdout, stderr)
	pairing := fs.String("pairing", "roundrobin", "roundrobin or gauntlet (the first engine against each other)")
	openings := fs.String("openings", "embedded", "embedded (Sable's balanced set), start, an XOT-format `FILE`, or generate:PLIES")
	order := fs.String("order", "sequential", "opening order: sequential or random")
	seed := fs.Uint64("seed", 1, "seed of the random opening order and of generated openings")
	games := fs.Int("games", 0, "games in all (default: every opening once each way in every encounter)")
	rules := fs.String("rules", "othello", "rules: othello or classic")
	scoring := fs.String("scoring", "", "scoring: wof or discs (default: the rules' own)")
	concurrency := fs.Int("concurrency", 1, "games played at once")
	results := fs.String("results", "match.ggf", "results `FILE` (GGF, one game a line; resumed when it exists)")
	plot := fs.String("plot", "", "draw the Elo estimate over the games to `FILE`.png or .svg")
	trace := fs.String("trace", "", "write every protocol line to `FILE`")
	genCount := fs.Int("gen-openings", 0, "write `N` generated balanced openings to stdout and exit")
	plies := fs.Int("plies", 8, "random moves in a generated opening")
	window := fs.Int("window", 2, "keep a generated opening when the search scores it within ±`K` discs")
	depth := fs.Int("depth", 8, "search depth that scores generated openings")
	groups, rest, err := takeGroups(args)
	if err == nil {
		if err := fs.Parse(rest); err != nil {
			return fs.Exit(err)
		}
	}
	if err == nil && fs.NArg() > 0 {
		err = fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	var plotFormat string
	if err == nil && *plot != "" {
		plotFormat, err = plotstyle.Format(*plot)
	}
	var r bitboard.Rules
	if err == nil {
		r, err = bitboard.ParseRules(*rules, *scoring)
	}
	if err != nil {
		return fs.Exit(fs.UsageError("%v", err))
	}
	ctx, stop := cli.InterruptContext()
	defer stop()
	gen := match.GenerateOptions{Count: *genCount, Plies: *plies, Window: *window, Rules: r, Seed: *seed}
	if *genCount > 0 {
		return writeOpenings(ctx, gen, *depth, stdout, stderr)
	}
	m := &match.Match{Rules: r, Games: *games, Concurrency: *concurrency, Results: *results}
	err = groups.configure(m)
	if err == nil {
		m.Pairing, err = match.ParsePairing(*pairing)
	}
	if err == nil {
		m.Openings, err = match.LoadOpenings(ctx, m, *openings, *order, gen, *depth)
	}
	if err != nil {
		fmt.Fprintln(stderr, "sable match:", err)
		return 2
	}
	if *trace != "" {
		f, err := os.Create(*trace)
		if err != nil {
			fmt.Fprintln(stderr, "sable match:", err)
			return 1
		}
		defer f.Close()
		m.Trace = f
	}
	progress, show := matchProgress(stderr)
	m.Log, m.Progress = progress, show
	rep, err := m.Run(ctx)
	progress.Finish()
	if rep != nil {
		rep.WriteTable(stdout)
		if *plot != "" {
			if perr := atomicfile.Write(*plot, func(w io.Writer) error { return match.WritePlot(w, rep, plotFormat) }); perr != nil && err == nil {
				err = perr
			}
		}
	}
	switch {
	case err != nil:
		fmt.Fprintln(stderr, "sable match:", err)
		return 1
	case rep.Interrupted:
		fmt.Fprintf(stderr, "sable match: interrupted after %d of %d games; run the same command to resume from %s\n", rep.Games, rep.Scheduled, *results)
		return 130
	}
	return 0
}

// optionGroups holds the multi-word options: --engine, --each and --sprt,
// each followed by KEY=VALUE words.
type optionGroups struct {
	engines [][]string
	each    []string
	sprt    []string
}

// takeGroups removes the multi-word options from args, leaving the flags
// for the flag package.
func takeGroups(args []string) (optionGroups, []string, error) {
	var g optionGroups
	var rest []string
	for i := 0; i < len(args); i++ {
		name := strings.TrimLeft(args[i], "-")
		if !strings.HasPrefix(args[i], "-") || (name != "engine" && name != "each" && name != "sprt") {
			rest = append(rest, args[i])
			continue
		}
		var words []string
		for i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && strings.Contains(args[i+1], "=") {
			i++
			words = append(words, args[i])
		}
		if len(words) == 0 {
			return g, nil, fmt.Errorf("%s needs KEY=VALUE words after it", args[i])
		}
		switch name {
		case "engine":
			g.engines = append(g.engines, words)
		case "each":
			g.each = append(g.each, words...)
		case "sprt":
			g.sprt = append(g.sprt, words...)
		}
	}
	return g, rest, nil
}

// configure sets the match's engines and SPRT from the groups.
func (g *optionGroups) configure(m *match.Match) error {
	for _, words := range g.engines {
		cfg, err := match.ParseEngineConfig(append(g.each[:len(g.each):len(g.each)], words...))
		if err != nil {
			return err
		}
		m.Engines = append(m.Engines, cfg)
	}
	if len(m.Engines) < 2 {
		return fmt.Errorf("give at least two --engine options, got %d", len(m.Engines))
	}
	if g.sprt != nil {
		s, err := match.ParseSPRT(g.sprt)
		if err != nil {
			return err
		}
		m.SPRT = &s
	}
	return nil
}

// writeOpenings implements --gen-openings: balanced openings to stdout,
// after a header saying how they were made.
func writeOpenings(ctx context.Context, gen match.GenerateOptions, depth int, stdout, stderr io.Writer) int {
	score, err := match.SearchScorer(depth)
	var list []match.Opening
	if err == nil {
		list, err = match.GenerateOpenings(ctx, gen, score)
	}
	if err != nil {
		fmt.Fprintln(stderr, "sable match:", err)
		return 1
	}
	fmt.Fprintf(stdout, "# %d balanced %s openings: %d random moves, kept when a depth-%d Sable search scores them within ±%d discs.\n",
		len(list), gen.Rules.Variant, gen.Plies, depth, gen.Window)
	fmt.Fprintf(stdout, "# Made by: sable match --gen-openings %d --plies %d --window %d --depth %d --seed %d --rules %s --scoring %s\n",
		gen.Count, gen.Plies, gen.Window, depth, gen.Seed, gen.Rules.Variant, gen.Rules.Scoring)
	for _, o := range list {
		fmt.Fprintln(stdout, o)
	}
	return 0
}

// matchProgress shows a match's progress on w, its score as the note; log
// lines written to it go above a terminal's bar.
func matchProgress(w io.Writer) (*pool.Progress, func(*match.Report)) {
	p := pool.NewProgress(w, "match", "games")
	started := false
	return p, func(rep *match.Report) {
		if !started { // the first game of this run, after any in the file
			p.Start(rep.Scheduled - rep.Games + 1)
			started = true
		}
		p.Describe(rep.ProgressLine())
		p.Add(1)
	}
}
