package labcmd

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/book"
	"github.com/sable-othello/sable/internal/cli"
	"github.com/sable-othello/sable/internal/plotstyle"
	"github.com/sable-othello/sable/internal/pool"
	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/protocol"
	"github.com/sable-othello/sable/review"
	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/tools/reviewreport"
)

// reviewAbout is the description of "sable review".
const reviewAbout = `Finds the mistakes in played games: for each move the move played and the best
move, the value of each from the mover's side (final disc difference), the loss
in discs and a mark (inaccuracy, mistake, blunder, at the --marks losses), then
each player's total and average loss and marks.

FILE is any game file: GGF or SGF records, a text file of transcripts
(f5d6c3..., one game a line), a WTHOR .wtb file or a self-play games file;
every game of it is reviewed, or game N with --game N. Values come from the opening book where the position is in it (Othello
rules, WOF scoring), are exact from --exact empties and searched at --level
before. Progress goes to stderr. Ctrl-C keeps what is done (in --out, or in a
checkpoint in the user cache directory) and the same command continues.

Batch: --shard i/n --out part-i.json reviews the games i, i+n, ...; then
"sable review --merge --out all.json part-*.json" joins the parts and prints
the report. --summary prints only each player's totals over all games (over a
match's results file: the average loss per move of each engine).

Examples:
  sable review --html game.html --plot game.svg game.ggf
  sable review --game 12 --level 16 WTH_2004.wtb
  sable review --summary --level 8 results.ggf`

// reviewFlags are the flags of "sable review".
type reviewFlags struct {
	level, exact, game, threads, hash  int
	bookName, marks, rules, scoring    string
	shard, out, checkpoint, plot, html string
	summary, merge                     bool
	eval                               *cli.EvalFlag
}

// runReview implements "sable review".
func runReview(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("review", "[flags] FILE   or   sable review --merge [flags] REVIEW.json...", reviewAbout, stdout, stderr)
	var f reviewFlags
	fs.IntVar(&f.level, "level", protocol.DefaultLevel, "search `level` of the values before --exact")
	fs.IntVar(&f.exact, "exact", -1, "solve exactly from `N` empties (default: where --level solves)")
	fs.StringVar(&f.bookName, "book", "default", "opening book whose values are used: \"default\" (embedded), \"off\", or a `FILE`")
	f.eval = fs.AddEval()
	fs.StringVar(&f.marks, "marks", review.DefaultThresholds().String(), "smallest losses in discs of an inaccuracy, a mistake and a blunder: `I,M,B`")
	fs.IntVar(&f.game, "game", 0, "review only game `N` of the file (from 1; 0: every game)")
	fs.StringVar(&f.rules, "rules", "othello", "rules when the record does not say: othello or classic")
	fs.StringVar(&f.scoring, "scoring", "", "scoring when the record does not say: wof or discs (default: the rules' usual one)")
	fs.IntVar(&f.threads, "threads", 1, "search `threads`")
	fs.IntVar(&f.hash, "hash", 64, "transposition table size in `MB`")
	fs.StringVar(&f.shard, "shard", "0/1", "review only game i of every n: games i+1, i+1+n, ... of the file: `i/n`")
	fs.StringVar(&f.out, "out", "", "write the review to `FILE` (JSON; the checkpoint too, resumed when it exists)")
	fs.StringVar(&f.checkpoint, "checkpoint", "", "keep the work done in `FILE` (default: --out, else a file in the user cache directory, removed when done)")
	fs.StringVar(&f.plot, "plot", "", "draw the value over the game to `FILE`.svg or .png (with several games, FILE-N.svg for game N)")
	fs.StringVar(&f.html, "html", "", "write one self-contained HTML page with plots, move tables and the worst moves' boards to `FILE`")
	fs.BoolVar(&f.summary, "summary", false, "print each player's totals over all games instead of the move tables")
	fs.BoolVar(&f.merge, "merge", false, "merge the review files given as arguments (the parts of a sharded run)")
	if err := fs.Parse(args); err != nil {
		return fs.Exit(err)
	}
	th, err := review.ParseThresholds(f.marks)
	if err != nil {
		return fs.Exit(fs.UsageError("--marks: %v", err))
	}
	if f.plot != "" {
		if _, err := plotstyle.Format(f.plot); err != nil {
			return fs.Exit(fs.UsageError("%v", err))
		}
	}
	rep := &reviewreport.Report{Thresholds: th, Summary: f.summary, Out: f.out, Plot: f.plot, HTML: f.html}
	if f.merge {
		return fs.Exit(mergeReviews(fs, rep, stdout))
	}
	return fs.Exit(reviewFile(fs, &f, rep, stdout, stderr))
}

// reviewFile reviews the games of one file and reports on them.
func reviewFile(fs *cli.FlagSet, f *reviewFlags, rep *reviewreport.Report, stdout, stderr io.Writer) error {
	switch {
	case fs.NArg() != 1:
		return fs.UsageError("want one FILE, got %d arguments", fs.NArg())
	case f.level < 1 || f.level > search.MaxLevel:
		return fs.UsageError("--level %d out of range 1..%d", f.level, search.MaxLevel)
	case f.exact < -1 || f.exact > 60:
		return fs.UsageError("--exact %d out of range 0..60", f.exact)
	case f.game < 0:
		return fs.UsageError("--game %d: games are numbered from 1", f.game)
	case f.threads < 1 || f.hash < 1:
		return fs.UsageError("--threads and --hash must be positive")
	}
	sh, err := shard.Parse(f.shard)
	if err != nil {
		return fs.UsageError("--shard: %v", err)
	}
	rules, err := bitboard.ParseRules(f.rules, f.scoring)
	if err != nil {
		return fs.UsageError("%v", err)
	}
	ev, evName, err := f.eval.Load()
	if err != nil {
		return err
	}
	if f.exact < 0 {
		f.exact = search.ExactEmpties(f.level)
	}
	path := fs.Arg(0)
	games, err := reviewreport.ReadGames(path, rules)
	if err != nil {
		return err
	}
	if f.game > 0 {
		if f.game > len(games) {
			return fmt.Errorf("%s: no game %d (the file has %d)", path, f.game, len(games))
		}
		games = games[f.game-1 : f.game]
	}
	bk, err := book.OpenNamed(f.bookName) // unlike the protocol, a file must exist: nothing is learned into it
	if err != nil {
		return err
	}
	settings := reviewreport.Settings{Level: f.level, Exact: f.exact, Book: f.bookName, Eval: evName}
	if bk == nil {
		settings.Book = ""
	}
	ckpt, temporary := f.checkpoint, false
	if ckpt == "" {
		ckpt = f.out
	}
	if ckpt == "" {
		if ckpt, err = reviewreport.CachePath(games, settings, sh); err != nil {
			fmt.Fprintf(stderr, "sable review: no checkpoint (%v); an interrupted review starts again\n", err)
		}
		temporary = true
	}
	eng, err := search.New(search.Options{HashMB: f.hash, Threads: f.threads, Eval: ev})
	if err != nil {
		return err
	}
	defer eng.Close()
	run := reviewreport.Run{
		Reviewer:   review.NewReviewer(eng, review.Config{Level: f.level, Exact: f.exact, Book: bk}),
		Settings:   settings,
		Shard:      sh,
		Checkpoint: ckpt,
		Every:      10 * time.Second,
		Progress:   pool.NewProgress(stderr, "review", "moves"),
	}
	ctx, stop := cli.InterruptContext()
	defer stop()
	reviews, err := run.Review(ctx, games)
	if err != nil {
		return err
	}
	rep.Title = filepath.Base(path)
	if err := rep.Write(&reviewreport.File{Settings: settings, Shard: sh.String(), Games: reviews}, stdout); err != nil {
		return err
	}
	if temporary && ckpt != "" {
		os.Remove(ckpt)
	}
	return nil
}

// mergeReviews joins the review files of a sharded run.
func mergeReviews(fs *cli.FlagSet, rep *reviewreport.Report, stdout io.Writer) error {
	if fs.NArg() == 0 {
		return fs.UsageError("--merge needs the review files to merge")
	}
	var files []*reviewreport.File
	for _, path := range fs.Args() {
		rf, err := reviewreport.ReadFile(path)
		if err != nil {
			return err
		}
		files = append(files, rf)
	}
	merged, err := reviewreport.Merge(files, fs.Args())
	if err != nil {
		return err
	}
	rep.Title = "merged review"
	return rep.Write(merged, stdout)
}
