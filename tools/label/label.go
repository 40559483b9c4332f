// Package label turns games into labelled positions for training: every
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
// value of --eval, or with ResultWeight w the mix of 1-w of it and w of the
// label that the rule below gives. With --game-scores, the scores that a
// self-play game recorded for its moves serve as those search values (for
// free: the game's own depth-D searches), and with --td-lambda λ each
// position gets the λ-return of the scores from it to the end instead.
// Otherwise a position between two positions of known value gets their
// values interpolated linearly by moves, and a position before the first
// known value gets that value (the final score when nothing else is known,
// or the recorded result when a game ended off the board). The random
// opening moves of self-play games are not labelled.
//
// With Deviations, each game gives instead one position one move off its
// line: a random other move from a position the game played, with the
// child's empties in Empties, solved exactly, or with --search-depth D
// searched to depth D where it has more than --exact-empties empties.
// Games of good play seldom reach positions just after a mistake, and the
// evaluation errs most on them (docs/training.md); a search meets them in
// every tree. With --captures D the position is instead one that a depth-D
// search from a position of the game's line evaluates: what the evaluation
// scores in play.
//
// With Empties, only the positions with that many empties are labelled:
// the whole run's labels in that band, at the cost of only the band's
// searches (an interpolation may still need the solves after it). Buro's
// chained labels for Logistello are made so, band by band from the end of
// the game, each searched with weights already fitted on the later bands
// (docs/training.md).
//
// Values are computed once per board and cached beside the output
// (OUT.solved for exact values, OUT.search-dD[-pP]-EVAL for search values),
// so an interrupted run resumes and later runs reuse them. Selectivity lets
// the searches cut with Multi-ProbCut, which makes deep search labels
// affordable.
//
// With a Shard i/n a run values only the canonical boards whose hash is i
// modulo n and writes only its caches, so n machines split the work; a run
// given the same sources and the shards' outputs to Merge reads their
// caches and writes the labels file that one machine would have written. A
// failed shard is re-run alone: it resumes from its caches. "sable label"
// runs it:
//
//	sable label --wthor ../shared/data/wthor --out wthor.lbl
//	sable label --wthor ../shared/data/wthor --games sp.games --out all.lbl
//	sable label --games sp.games --empties 21-24 --search-depth 4 --eval late.sew --out band.lbl
//	sable label --games sp.games --deviations --empties 20-21 --out dev.lbl
//	sable label --games sp.games --captures 6 --selectivity 73 --empties 24-47 --search-depth 8 --out cap.lbl
//	sable label --games sp.games --search-depth 14 --selectivity 73 --out part1.lbl --shard 1/4
//	sable label --games sp.games --search-depth 14 --selectivity 73 --out all.lbl --merge part0.lbl part1.lbl part2.lbl part3.lbl
package label

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/internal/span"
	"github.com/sable-othello/sable/tools/dataset"
	"github.com/sable-othello/sable/tools/gamefile"
)

// Config is one labelling run.
type Config struct {
	WthorDir     string         // directory of WTHOR .wtb files
	Games        []string       // game files: self-play games, or any file gamefile reads
	Out          string         // labels file to write
	Empties      *span.Span     // label only positions with these many empties (nil: all)
	ExactEmpties int            // solve positions with this many empties or fewer
	SearchDepth  int            // search the other positions to this depth (0: use game results)
	ResultWeight float64        // weight of the game-result label mixed into a search value (0: none)
	GameScores   bool           // take the scores that self-play games recorded for their moves as search values
	TDLambda     float64        // with GameScores, label by the λ-return of the recorded scores (0: no)
	Selectivity  int            // probcut confidence of the searches in percent (100 or 0: none)
	Eval         eval.Evaluator // evaluation of SearchDepth
	EvalName     string         // its name (eval.Load), in the search caches' names
	Workers      int            // positions valued at once
	Every        time.Duration  // save the value caches at least this often
	Shard        shard.Shard    // value only this part of the boards, and write only the caches
	Merge        []string       // the outputs of shards whose caches to read before valuing
	// Deviations labels, instead of the games' positions, one position
	// per game one move off its line, with Empties' empties, solved
	// exactly or, with SearchDepth, searched above ExactEmpties; Seed
	// draws them.
	Deviations bool
	// Captures D labels instead at most one position per game drawn from
	// those that a depth-D search (with Eval and Selectivity) from a
	// position of its line evaluates, with Empties' empties, valued as
	// deviations are; Seed draws them.
	Captures int
	Seed     uint64
}

// Run labels the games and writes the labels file; progress goes to
// stderr. An interrupted run (ctx done) keeps its caches and resumes.
func Run(ctx context.Context, c Config) error {
	switch {
	case c.Out == "":
		return errors.New("--out is required")
	case c.WthorDir == "" && len(c.Games) == 0:
		return errors.New("nothing to label: give --wthor and/or --games")
	case c.ExactEmpties < 0 || c.ExactEmpties > 60 || c.SearchDepth < 0 || c.Workers < 1 || c.Selectivity < 0 || c.Selectivity > 100:
		return errors.New("need 0 <= --exact-empties <= 60, --search-depth >= 0, --workers >= 1, --selectivity <= 100")
	case !(c.ResultWeight >= 0 && c.ResultWeight <= 1) || c.ResultWeight > 0 && c.SearchDepth == 0 && !c.GameScores: // NaN fails too
		return errors.New("--result-weight needs 0 <= weight <= 1, and --search-depth or --game-scores when not 0")
	case !(c.TDLambda >= 0 && c.TDLambda < 1) || c.TDLambda > 0 && (!c.GameScores || c.ResultWeight > 0 || c.SearchDepth > 0):
		return errors.New("--td-lambda needs 0 <= lambda < 1, and --game-scores without --result-weight or --search-depth when not 0")
	case c.Shard.Count > 1 && len(c.Merge) > 0:
		return errors.New("--shard and --merge exclude each other: merge the shards in one run")
	case c.Deviations && c.Captures != 0:
		return errors.New("--deviations and --captures exclude each other")
	case c.Captures < 0:
		return errors.New("--captures needs a search depth of at least 1")
	case c.Captures > 0 && c.Empties != nil && c.Empties.Lo+c.Captures > 60:
		return fmt.Errorf("--captures %d: no position has %d plies to play above --empties %v", c.Captures, c.Captures, *c.Empties)
	case (c.Deviations || c.Captures > 0) && (c.Empties == nil || c.GameScores || c.ResultWeight > 0):
		return errors.New("--deviations and --captures need --empties, and label by solving or searching: no --game-scores or --result-weight")
	}
	if c.Selectivity == 0 {
		c.Selectivity = 100
	}
	v := &valuer{exactEmpties: c.ExactEmpties, searchDepth: c.SearchDepth, resultWeight: c.ResultWeight, tdLambda: c.TDLambda, selectivity: c.Selectivity,
		empties: c.Empties, workers: c.Workers, every: c.Every, shard: c.Shard, solvedPath: c.Out + solvedSuffix}
	searchSfx := ""
	if c.SearchDepth > 0 {
		if c.Eval == nil || c.EvalName == "" {
			return errors.New("--search-depth needs an evaluation")
		}
		v.eval = c.Eval
		searchSfx = searchSuffix(c.SearchDepth, c.Selectivity, c.EvalName)
		v.searchPath = c.Out + searchSfx
	}
	for _, part := range c.Merge {
		v.merged = append(v.merged, part+solvedSuffix)
		if searchSfx != "" {
			v.merged = append(v.merged, part+searchSfx)
		}
	}
	games, err := loadGames(c.WthorDir, c.Games, c.GameScores)
	if err != nil {
		return err
	}
	var labels []dataset.Label
	switch {
	case c.Deviations || c.Captures > 0:
		if c.SearchDepth == 0 {
			v.exactEmpties = max(v.exactEmpties, c.Empties.Hi) // every drawn position is solved
		}
		labels, err = labelDrawn(ctx, v, games, drawer(c))
	case c.Shard.Count > 1:
		_, err = valueAll(ctx, v, games)
	default:
		labels, err = labelAll(ctx, v, games)
	}
	if err != nil {
		return err
	}
	if c.Shard.Count > 1 {
		fmt.Fprintf(os.Stderr, "label: shard %s valued into %s*; label with --merge and every shard's --out\n", c.Shard, c.Out)
		return nil
	}
	if err := dataset.WriteLabels(c.Out, labels); err != nil {
		return err
	}
	exactN := 0
	for i := range labels {
		if labels[i].Exact {
			exactN++
		}
	}
	fmt.Fprintf(os.Stderr, "label: %d positions (%d exact) written to %s\n", len(labels), exactN, c.Out)
	return nil
}

// drawer returns the draw of c's deviations or captures.
func drawer(c Config) drawing {
	band, seed := *c.Empties, c.Seed
	if c.Deviations {
		return drawing{draw: func(_ context.Context, _ int, g *game, ps []bitboard.Position) (bitboard.Position, bool, error) {
			p, ok := deviation(g, ps, band, seed)
			return p, ok, nil
		}, done: func() {}}
	}
	capturers := make([]*capturer, c.Workers)
	done := func() {
		for _, cp := range capturers {
			if cp != nil {
				cp.eng.Close()
			}
		}
	}
	return drawing{draw: func(ctx context.Context, w int, g *game, ps []bitboard.Position) (bitboard.Position, bool, error) {
		if capturers[w] == nil {
			cp, err := newCapturer(c.Eval, c.Captures, c.Selectivity, band)
			if err != nil {
				return bitboard.Position{}, false, err
			}
			capturers[w] = cp
		}
		return capturers[w].capture(ctx, g, ps, seed)
	}, done: done}
}

// loadGames reads the games of the WTHOR directory, then of the games
// files (with their move scores when scores is set), reporting on stderr
// how many each gave.
func loadGames(wthorDir string, gamesFiles []string, scores bool) ([]game, error) {
	var games []game
	sources := gamesFiles
	if wthorDir != "" {
		sources = append([]string{wthorDir}, sources...)
	}
	for _, path := range sources {
		bad := 0
		g, format, err := fileGames(path, scores, func(err error) {
			bad++
			fmt.Fprintln(os.Stderr, "label: skipping bad record:", err)
		})
		if err != nil {
			return nil, err
		}
		fmt.Fprintf(os.Stderr, "label: %d games (%v) from %s", len(g), format, path)
		if format == gamefile.WTHOR {
			fmt.Fprintf(os.Stderr, " (%d bad records skipped)", bad)
		}
		fmt.Fprintln(os.Stderr)
		games = append(games, g...)
	}
	return games, nil
}

// solvedSuffix names the cache of exact values beside the output.
const solvedSuffix = ".solved"

// searchSuffix names the cache of search values beside the output: the
// depth, the selectivity when the searches cut, and the evaluation, so that
// values of other searches are never taken for these.
func searchSuffix(depth, sel int, evalName string) string {
	if sel < 100 {
		return fmt.Sprintf(".search-d%d-p%d-%s", depth, sel, evalName)
	}
	return fmt.Sprintf(".search-d%d-%s", depth, evalName)
}

// valueAll computes into the caches the values that the games need and that
// the caches do not hold yet, and returns them all.
func valueAll(ctx context.Context, v *valuer, games []game) (map[bitboard.Board]value, error) {
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
	return vals, v.run(ctx, jobs, total, vals)
}

// labelAll computes the values the games need (resuming from the caches),
// then labels every position and merges equal ones.
func labelAll(ctx context.Context, v *valuer, games []game) ([]dataset.Label, error) {
	vals, err := valueAll(ctx, v, games)
	if err != nil {
		return nil, err
	}
	var raw []dataset.Label
	for i := range games {
		ps, err := games[i].replay()
		if err != nil {
			return nil, fmt.Errorf("%s: %w", games[i].name, err)
		}
		for _, l := range labelGame(&games[i], ps, vals, v.resultWeight, v.tdLambda) {
			if v.empties == nil || v.empties.Contains(l.Empties()) {
				raw = append(raw, l)
			}
		}
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
