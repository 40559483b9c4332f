package match

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/search"
)

// Scorer values a position for the side to move, in discs.
type Scorer func(ctx context.Context, pos bitboard.Position) (int, error)

// SearchScorer returns a Scorer that searches to a fixed depth with a Sable
// engine of its own (16 MiB table). It is not safe for concurrent use.
func SearchScorer(depth int) (Scorer, error) {
	eng, err := search.New(search.Options{HashMB: 16})
	if err != nil {
		return nil, err
	}
	return func(ctx context.Context, pos bitboard.Position) (int, error) {
		res := eng.Search(ctx, pos, search.Limits{Depth: depth}, nil)
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		return res.Score, nil
	}, nil
}

// GenerateOptions say what openings GenerateOpenings makes.
type GenerateOptions struct {
	Count  int            // openings to make
	Plies  int            // random moves in each (passes not counted)
	Window int            // keep an opening when its score is within ±Window discs
	Rules  bitboard.Rules // the rules the openings are played under
	Seed   uint64         // the random moves' seed
}

// generateTriesPerOpening bounds the random games tried for each opening
// kept, so that an unreachable window ends with an error rather than a hang.
const generateTriesPerOpening = 1000

// GenerateOpenings makes balanced openings: Plies random moves from the
// start, kept when the scorer values the position within ±Window discs and
// no kept opening reaches the same position up to symmetry.
func GenerateOpenings(ctx context.Context, opts GenerateOptions, score Scorer) ([]Opening, error) {
	if opts.Count <= 0 || opts.Plies <= 0 || opts.Window < 0 {
		return nil, fmt.Errorf("generate openings: count %d and plies %d must be positive, window %d not negative",
			opts.Count, opts.Plies, opts.Window)
	}
	rng := rand.New(rand.NewPCG(opts.Seed, 1))
	seen := make(map[bitboard.Board]bool)
	var list []Opening
	for tries := 0; len(list) < opts.Count; tries++ {
		if tries == opts.Count*generateTriesPerOpening {
			return list, fmt.Errorf("generate openings: %d kept of %d after %d tries (window ±%d too narrow?)",
				len(list), opts.Count, tries, opts.Window)
		}
		o, pos, ok := randomOpening(rng, opts.Rules, opts.Plies)
		if !ok {
			continue
		}
		// The board is seen from the side to move, so colour-swapped twins
		// share a key too: each opening is played with both colours anyway.
		key, _ := pos.Board.Canonical()
		if seen[key] {
			continue
		}
		v, err := score(ctx, pos)
		if err != nil {
			return list, fmt.Errorf("generate openings: score %s: %w", o, err)
		}
		if v >= -opts.Window && v <= opts.Window {
			seen[key] = true
			list = append(list, o)
		}
	}
	return list, nil
}

// randomOpening plays plies random moves from the start, passing when
// forced. It fails when the game ends first.
func randomOpening(rng *rand.Rand, rules bitboard.Rules, plies int) (Opening, bitboard.Position, bool) {
	pos := bitboard.NewGame(rules)
	var o Opening
	for played := 0; played < plies; {
		if pos.GameOver() {
			return nil, pos, false
		}
		if pos.MustPass() {
			o = append(o, bitboard.PassMove)
			pos = pos.Pass()
			continue
		}
		sq := bitboard.RandomMove(rng, pos.Moves())
		o = append(o, sq)
		pos = pos.Play(sq)
		played++
	}
	return o, pos, true
}
