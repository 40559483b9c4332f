// Command label turns games into labelled positions for training: every
// position of the WTHOR games and of self-play games files, seen from the
// side to move, in its canonical (symmetry-reduced) form, with a target
// score in discs. Equal positions are merged: an exact score wins, other
// targets are averaged.
//
// Targets: positions with --exact-empties empties or fewer are solved
// exactly. A position whose exact value the source knows gets it: the
// WTHOR theoretical score at the header's depth (24 empties; a theoretical
// score equal to the final one is not trusted, as WTHOR writes the final
// score when it did not compute the theoretical one), or, in a self-play
// game, the final score from the point where the game was solved to the
// end. With --search-depth D, the other positions get a depth-D search
// value of --eval. Otherwise a position between two positions of known
// value gets their values interpolated linearly by moves, and a position
// before the first known value gets that value (the final score when
// nothing else is known, or the recorded result when a game ended off the
// board). The random opening moves of self-play games are not labelled.
//
// Values are computed once per board and cached beside the output
// (OUT.solved for exact values, OUT.search-dD-EVAL for search values), so
// an interrupted run resumes and later runs reuse them.
//
//	go run ./tools/label --wthor ../shared/data/wthor --out wthor.lbl
//	go run ./tools/label --wthor ../shared/data/wthor --games sp.games --out all.lbl
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/tools/dataset"
)

// config is one labelling run.
type config struct {
	wthorDir string
	games    []string // self-play games files
	out      string
	exact    int // --exact-empties
	depth    int // --search-depth
	evalSpec string
	workers  int
	every    time.Duration
}

func main() {
	var c config
	flag.StringVar(&c.wthorDir, "wthor", "", "directory of WTHOR .wtb files to label")
	games := flag.String("games", "", "self-play games files to label, separated by commas")
	flag.StringVar(&c.out, "out", "", "labels file to write")
	flag.IntVar(&c.exact, "exact-empties", 14, "solve positions with this many empties or fewer")
	flag.IntVar(&c.depth, "search-depth", 0, "search the other positions to this depth (0: use game results)")
	flag.StringVar(&c.evalSpec, "eval", "eval/weights.sew", "evaluation of --search-depth: a weights file, or simple")
	flag.IntVar(&c.workers, "workers", 1, "positions valued at once")
	flag.DurationVar(&c.every, "checkpoint", time.Minute, "save the value caches at least this often")
	flag.Parse()
	if *games != "" {
		c.games = strings.Split(*games, ",")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := run(ctx, c); err != nil {
		fmt.Fprintln(os.Stderr, "label:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, c config) error {
	switch {
	case c.out == "":
		return errors.New("--out is required")
	case c.wthorDir == "" && len(c.games) == 0:
		return errors.New("nothing to label: give --wthor and/or --games")
	case c.exact < 0 || c.exact > 60 || c.depth < 0 || c.workers < 1:
		return errors.New("need 0 <= --exact-empties <= 60, --search-depth >= 0, --workers >= 1")
	}
	v := &valuer{exactEmpties: c.exact, searchDepth: c.depth, workers: c.workers, every: c.every, solvedPath: c.out + ".solved"}
	if c.depth > 0 {
		ev, name, err := dataset.LoadEval(c.evalSpec)
		if err != nil {
			return err
		}
		v.eval = ev
		v.searchPath = fmt.Sprintf("%s.search-d%d-%s", c.out, c.depth, name)
	}
	games, err := loadGames(c.wthorDir, c.games)
	if err != nil {
		return err
	}
	labels, err := labelAll(ctx, v, games)
	if err != nil {
		return err
	}
	if err := dataset.WriteLabels(c.out, labels); err != nil {
		return err
	}
	exactN := 0
	for i := range labels {
		if labels[i].Exact {
			exactN++
		}
	}
	fmt.Fprintf(os.Stderr, "label: %d positions (%d exact) written to %s\n", len(labels), exactN, c.out)
	return nil
}

// loadGames reads the games of both sources, WTHOR first.
func loadGames(wthorDir string, gamesFiles []string) ([]game, error) {
	var games []game
	if wthorDir != "" {
		bad := 0
		g, err := wthorGames(wthorDir, func(err error) {
			bad++
			fmt.Fprintln(os.Stderr, "label: skipping bad record:", err)
		})
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(os.Stderr, "label: %d WTHOR games from %s (%d bad records skipped)\n", len(g), wthorDir, bad)
		games = append(games, g...)
	}
	for _, path := range gamesFiles {
		g, err := selfplayGames(path)
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(os.Stderr, "label: %d self-play games from %s\n", len(g), path)
		games = append(games, g...)
	}
	return games, nil
}

// labelAll computes the values the games need (resuming from the caches),
// then labels every position and merges equal ones.
func labelAll(ctx context.Context, v *valuer, games []game) ([]dataset.Label, error) {
	vals, err := v.load()
	if err != nil {
		return nil, err
	}
	jobs, total, err := v.jobs(games, vals)
	if err != nil {
		return nil, err
	}
	if !v.quiet {
		fmt.Fprintf(os.Stderr, "label: %d positions to value (%d cached)\n", total, len(vals))
	}
	if err := v.run(ctx, jobs, total, vals); err != nil {
		return nil, err
	}
	var raw []dataset.Label
	for i := range games {
		ps, err := games[i].replay()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", games[i].name, err)
		}
		raw = append(raw, labelGame(&games[i], ps, vals)...)
	}
	n, conflicts := len(raw), 0
	labels := dedup(raw, func(b bitboard.Board, a, c int8) {
		if conflicts++; conflicts <= 10 && !v.quiet {
			fmt.Fprintf(os.Stderr, "label: exact scores %+d and %+d disagree for %s: averaged, not exact\n",
				a, c, bitboard.BoardString(b, bitboard.Black))
		}
	})
	if !v.quiet {
		if conflicts > 0 {
			fmt.Fprintf(os.Stderr, "label: %d boards with disagreeing exact scores\n", conflicts)
		}
		fmt.Fprintf(os.Stderr, "label: %d positions, %d after merging symmetric duplicates\n", n, len(labels))
	}
	return labels, nil
}
