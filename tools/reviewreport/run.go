package reviewreport

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"slices"
	"time"

	"github.com/sable-othello/sable/internal/atomicfile"
	"github.com/sable-othello/sable/internal/pool"
	"github.com/sable-othello/sable/internal/shard"
	"github.com/sable-othello/sable/review"
)

// Settings are what a review's values depend on: reviews made with other
// settings are neither resumed nor merged together.
type Settings struct {
	Level int
	Exact int
	Book  string // the book used, "" for none
	Eval  string // the evaluation's name
}

// String describes the settings for messages.
func (s Settings) String() string {
	book := s.Book
	if book == "" {
		book = "none"
	}
	return fmt.Sprintf("level %d, exact from %d empties, book %s, eval %s", s.Level, s.Exact, book, s.Eval)
}

// File is the reviews of a run, as a checkpoint or a shard's result: JSON
// written atomically.
type File struct {
	Settings Settings
	Shard    string // the shard reviewed, "0/1" for the whole input
	Games    []review.GameReview
}

// ReadFile reads a review file.
func ReadFile(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f File
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("%s: not a review file: %w", path, err)
	}
	return &f, nil
}

// Save writes the file atomically.
func (f *File) Save(path string) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		return json.NewEncoder(w).Encode(f)
	})
}

// Merge joins the files of the shards of one run into the file a single
// process would have written, with the games in order.
func Merge(files []*File, names []string) (*File, error) {
	if len(files) == 0 {
		return nil, errors.New("merge: no review files")
	}
	out := &File{Settings: files[0].Settings, Shard: shard.Shard{}.String()}
	from := map[int]string{}
	for i, f := range files {
		if f.Settings != out.Settings {
			return nil, fmt.Errorf("merge: %s was reviewed with other settings than %s (%v, not %v)",
				names[i], names[0], f.Settings, out.Settings)
		}
		for _, g := range f.Games {
			if other, dup := from[g.Index]; dup {
				return nil, fmt.Errorf("merge: game %d is in both %s and %s", g.Index, other, names[i])
			}
			from[g.Index] = names[i]
			out.Games = append(out.Games, g)
		}
	}
	slices.SortFunc(out.Games, func(a, b review.GameReview) int { return a.Index - b.Index })
	return out, nil
}

// Run reviews many games: those of its shard, resuming from its checkpoint
// and saving it as the work goes, with progress on a writer.
type Run struct {
	Reviewer *review.Reviewer
	Settings Settings
	Shard    shard.Shard
	// Checkpoint is the file that keeps the work done, read when it
	// exists and rewritten at most every Every and when the run stops.
	// Empty means none.
	Checkpoint string
	Every      time.Duration
	Progress   *pool.Progress // nil for none
}

// Review reviews the games of the run's shard (game i of every n, counting
// Index from 1 and i from 0) and returns their reviews in order. The moves
// the checkpoint holds for a game with the same start and moves are not
// searched again. When ctx is cancelled, it saves what is done and says
// how to continue.
func (r *Run) Review(ctx context.Context, games []review.PlayedGame) ([]review.GameReview, error) {
	f, err := r.resume()
	if err != nil {
		return nil, err
	}
	done := map[int]review.GameReview{}
	for _, g := range f.Games {
		done[g.Index] = g
	}
	f.Games = nil
	total := 0 // moves to review
	for _, g := range games {
		if !r.Shard.Owns(uint64(g.Index - 1)) {
			continue
		}
		gr := review.GameReview{PlayedGame: g}
		if old, ok := done[g.Index]; ok && slices.Equal(old.Moves, g.Moves) && old.Start == g.Start {
			gr.Reviewed = old.Reviewed
		}
		total += gr.MoveCount() - len(gr.Reviewed)
		f.Games = append(f.Games, gr)
	}
	r.Progress.Start(total)
	defer r.Progress.Finish()
	lastSave := time.Now()
	save := func() error {
		if r.Checkpoint == "" {
			return nil
		}
		lastSave = time.Now()
		return f.Save(r.Checkpoint)
	}
	reviewed := 0
	for i := range f.Games {
		cur := &f.Games[i]
		moves, err := r.Reviewer.Game(ctx, cur.PlayedGame, cur.Reviewed, func(mv review.Move) {
			cur.Reviewed = append(cur.Reviewed, mv)
			reviewed++
			r.Progress.Describe(fmt.Sprintf("game %d (%d of %d), move %d of %d", cur.Index, i+1, len(f.Games),
				mv.Number, cur.MoveCount()))
			r.Progress.Add(1)
			if time.Since(lastSave) >= r.Every {
				// A failed save shows again at the end of the run.
				save()
			}
		})
		cur.Reviewed = moves
		if ctx.Err() != nil {
			if serr := save(); serr != nil {
				return nil, serr
			}
			msg := "interrupted"
			if r.Checkpoint != "" {
				msg = fmt.Sprintf("interrupted after %d of %d moves (kept in %s); run the same command again to continue",
					reviewed, total, r.Checkpoint)
			}
			return f.Games[:i+1], fmt.Errorf("%s: %w", msg, ctx.Err())
		}
		if err != nil {
			save()
			return f.Games[:i+1], err
		}
	}
	return f.Games, save()
}

// resume reads the checkpoint, or starts an empty file when there is none.
func (r *Run) resume() (*File, error) {
	f := &File{Settings: r.Settings, Shard: r.Shard.String()}
	if r.Checkpoint == "" {
		return f, nil
	}
	old, err := ReadFile(r.Checkpoint)
	if errors.Is(err, fs.ErrNotExist) {
		return f, nil
	}
	if err != nil {
		return nil, err
	}
	if old.Settings != r.Settings || old.Shard != f.Shard {
		return nil, fmt.Errorf("%s holds a review of shard %s with other settings (%v); remove it or choose another file",
			r.Checkpoint, old.Shard, old.Settings)
	}
	return old, nil
}
