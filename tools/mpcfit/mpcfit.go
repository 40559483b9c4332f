// Package mpcfit fits the error model of Multi-ProbCut. It takes random
// positions (seeded: random play from the start, or positions of played
// games), searches each with iterative deepening to --depth
// without probcut, and for every depth d compares the value at d with the
// value at the shallow depth probcut would use. The standard deviation of
// the difference, by (empties, d, d'), is fitted by least squares to
//
//	sigma = a + b·empties + c·d + e·d'
//
// and printed as the Go constants of search/settings.go, and as the engine's
// --mpc flag for a weights file that is not embedded, by
//
//	sable mpcfit --positions 300 --depth 10 --seed 1 [--eval FILE]
package mpcfit

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/tools/gamefile"
)

// Options are the settings of a fit.
type Options struct {
	Positions  int    // random positions to search
	Depth      int    // deepest search
	Seed       uint64 // of the random positions
	MinEmpties int    // fewest empties of a position
	MaxEmpties int    // most empties of a position
	// Eval is the evaluation the model is fitted for; nil means the
	// embedded weights.
	Eval eval.Evaluator
	// Games, when not empty, are where the positions come from: each is
	// one of a random game's positions, where random play from the start
	// would make lopsided ones that games between engines rarely reach.
	Games []gamefile.Played
}

// GoSource returns the model as the constants of search/settings.go, after
// a comment that gives it as the engine's --mpc flag.
func GoSource(m search.ProbcutModel) string {
	return fmt.Sprintf("// --mpc %v\nconst (\n\tmpcA = %.4f\n\tmpcB = %.4f\n\tmpcC = %.4f\n\tmpcD = %.4f\n)\n", m, m.A, m.B, m.C, m.D)
}

// Check refuses options that cannot make a fit.
func (o Options) Check() error {
	if o.Positions < 1 || o.Depth < 3 || o.MinEmpties <= o.Depth || o.MaxEmpties > 59 || o.MinEmpties > o.MaxEmpties {
		return errors.New("need positions >= 1, depth >= 3, depth < min-empties <= max-empties <= 59")
	}
	return nil
}

// Fit searches the positions and fits the model, showing progress on
// progress. It stops early with ctx's error.
func Fit(ctx context.Context, o Options, progress io.Writer) (search.ProbcutModel, error) {
	if err := o.Check(); err != nil {
		return search.ProbcutModel{}, err
	}
	rng := rand.New(rand.NewPCG(o.Seed, 0))
	eng, err := search.New(search.Options{HashMB: 64, Eval: o.Eval})
	if err != nil {
		return search.ProbcutModel{}, err
	}
	defer eng.Close()
	// Sums of squared differences per (empties bucket, d).
	type cell struct{ sum, n float64 }
	cells := map[[2]int]*cell{}
	for i := 0; i < o.Positions; i++ {
		pos, ok := o.position(rng, o.MinEmpties+rng.IntN(o.MaxEmpties-o.MinEmpties+1))
		if !ok || pos.GameOver() || pos.MustPass() {
			continue
		}
		vals := make([]int, o.Depth+1)
		eng.NewGame()
		eng.Search(ctx, pos, search.Limits{Depth: o.Depth}, func(info search.Info) {
			vals[info.Depth] = info.Score
		})
		if err := ctx.Err(); err != nil {
			fmt.Fprintln(progress)
			return search.ProbcutModel{}, err
		}
		empties := pos.Board.NumEmpties()
		for d := 3; d <= o.Depth; d++ {
			diff := float64(vals[d] - vals[search.ProbcutDepth(d)])
			k := [2]int{empties / 4 * 4, d}
			if cells[k] == nil {
				cells[k] = &cell{}
			}
			cells[k].sum += diff * diff
			cells[k].n++
		}
		fmt.Fprintf(progress, "\rmpcfit: %d/%d positions", i+1, o.Positions)
	}
	fmt.Fprintln(progress)
	// Least squares of sigma on (1, empties, d, d'), weighted by samples,
	// summed in a fixed order so that a seed always prints the same model.
	var ata [4][4]float64
	var atb [4]float64
	for _, k := range slices.SortedFunc(maps.Keys(cells), func(a, b [2]int) int { return cmp.Or(a[0]-b[0], a[1]-b[1]) }) {
		c := cells[k]
		if c.n < 3 {
			continue
		}
		sigma := math.Sqrt(c.sum / c.n)
		x := [4]float64{1, float64(k[0] + 2), float64(k[1]), float64(search.ProbcutDepth(k[1]))}
		for r := range 4 {
			for s := range 4 {
				ata[r][s] += c.n * x[r] * x[s]
			}
			atb[r] += c.n * x[r] * sigma
		}
	}
	coef, ok := solve4(ata, atb)
	if !ok {
		return search.ProbcutModel{}, errors.New("too few samples to fit")
	}
	return search.ProbcutModel{A: coef[0], B: coef[1], C: coef[2], D: coef[3]}, nil
}

// position returns a position with the given empties: of a random game of
// o.Games, or of random play when there are none; false if no game tried
// reaches it.
func (o Options) position(rng *rand.Rand, empties int) (bitboard.Position, bool) {
	if len(o.Games) > 0 {
		return gamePosition(rng, o.Games, empties)
	}
	return randomPosition(rng, empties), true
}

// randomPosition plays random legal moves from the start until empties remain.
func randomPosition(rng *rand.Rand, empties int) bitboard.Position {
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	for pos.Board.NumEmpties() > empties && !pos.GameOver() {
		m := pos.Moves()
		if m == 0 {
			pos = pos.Pass()
			continue
		}
		pos = pos.Play(bitboard.RandomMove(rng, m))
	}
	return pos
}

// gamePosition returns the position with the given empties of a random
// game of games, trying up to 100 games; false if none of them reaches it.
func gamePosition(rng *rand.Rand, games []gamefile.Played, empties int) (bitboard.Position, bool) {
	for range 100 {
		ps, err := games[rng.IntN(len(games))].Positions()
		if err != nil {
			continue
		}
		for _, p := range ps {
			if p.Board.NumEmpties() == empties {
				return p, true
			}
		}
	}
	return bitboard.Position{}, false
}

// solve4 solves a 4x4 linear system by Gaussian elimination with pivoting.
func solve4(a [4][4]float64, b [4]float64) ([4]float64, bool) {
	for c := range 4 {
		p := c
		for r := c + 1; r < 4; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return b, false
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < 4; r++ {
			f := a[r][c] / a[c][c]
			for s := c; s < 4; s++ {
				a[r][s] -= f * a[c][s]
			}
			b[r] -= f * b[c]
		}
	}
	var x [4]float64
	for r := 3; r >= 0; r-- {
		x[r] = b[r]
		for s := r + 1; s < 4; s++ {
			x[r] -= a[r][s] * x[s]
		}
		x[r] /= a[r][r]
	}
	return x, true
}
