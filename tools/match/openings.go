package match

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/openings"
)

// Opening is a start for a pair of games: moves played from the rules'
// start position, forced passes written out as bitboard.PassMove.
type Opening []int

// String writes the opening as a transcript ("f5d6c3", passes as "pa").
func (o Opening) String() string { return bitboard.Transcript(o) }

// ReadOpenings reads a list in XOT format: one transcript a line (the first
// word of the line), blank lines and lines starting with '#' skipped. Each
// opening is checked against the rules; errors give name and line number.
func ReadOpenings(r io.Reader, name string, rules bitboard.Rules) ([]Opening, error) {
	var list []Opening
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 || strings.HasPrefix(fields[0], "#") {
			continue
		}
		moves, err := bitboard.ParseTranscript(fields[0])
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		o, _, err := expandOpening(rules, moves)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, n, err)
		}
		list = append(list, o)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("%s: no openings", name)
	}
	return list, nil
}

// EmbeddedOpenings returns Sable's default openings: balanced Othello
// openings made by GenerateOpenings.
func EmbeddedOpenings() []Opening {
	list, err := ReadOpenings(strings.NewReader(openings.Text()), "openings.txt", bitboard.DefaultRules(bitboard.Othello))
	if err != nil {
		panic("embedded openings: " + err.Error())
	}
	return list
}

// ShuffleOpenings puts the openings in a random order fixed by the seed, so
// that a resumed match plays them in the same order.
func ShuffleOpenings(list []Opening, seed uint64) {
	rng := rand.New(rand.NewPCG(seed, 0))
	rng.Shuffle(len(list), func(i, j int) { list[i], list[j] = list[j], list[i] })
}

// expandOpening plays moves from the rules' start, writing out the passes
// that a transcript leaves implied, and returns them with the position
// reached. It fails on an illegal move or a pass while a move exists.
func expandOpening(rules bitboard.Rules, moves []int) (Opening, bitboard.Position, error) {
	pos := bitboard.NewGame(rules)
	var out Opening
	for i, mv := range moves {
		if mv != bitboard.PassMove && pos.MustPass() {
			out = append(out, bitboard.PassMove)
			pos = pos.Pass()
		}
		switch {
		case mv == bitboard.PassMove && !pos.MustPass():
			return nil, pos, fmt.Errorf("move %d: pass while a move exists", i+1)
		case mv == bitboard.PassMove:
			pos = pos.Pass()
		case !pos.Legal(mv):
			return nil, pos, fmt.Errorf("move %d: %s is illegal", i+1, bitboard.SquareName(mv))
		default:
			pos = pos.Play(mv)
		}
		out = append(out, mv)
	}
	return out, pos, nil
}

// LoadOpenings returns the openings that an --openings setting names for
// match m: "start", "embedded" (Sable's balanced set, Othello only),
// "generate:PLIES" (as many openings of PLIES random moves as m's games
// need, kept when a depth search scores them within gen.Window), or an
// XOT-format file; in the order --order names: "sequential", or "random"
// from gen.Seed.
func LoadOpenings(ctx context.Context, m *Match, spec, order string, gen GenerateOptions, depth int) ([]Opening, error) {
	var list []Opening
	var err error
	switch plies, isGen := strings.CutPrefix(spec, "generate:"); {
	case spec == "start":
		return []Opening{{}}, nil
	case spec == "embedded":
		if m.Rules.Variant != bitboard.Othello {
			return nil, fmt.Errorf("the embedded openings are Othello openings; use --openings start or a file for %s", m.Rules.Variant)
		}
		list = EmbeddedOpenings()
	case isGen:
		if gen.Plies, err = strconv.Atoi(plies); err != nil {
			return nil, fmt.Errorf("--openings %s: plies %q is not a number", spec, plies)
		}
		if m.Games <= 0 {
			return nil, fmt.Errorf("--openings %s needs --games to know how many openings to make", spec)
		}
		perOpening := 2 * m.Encounters()
		gen.Count = (m.Games + perOpening - 1) / perOpening
		var score Scorer
		if score, err = SearchScorer(depth); err == nil {
			list, err = GenerateOpenings(ctx, gen, score)
		}
	default:
		f, ferr := os.Open(spec)
		if ferr != nil {
			return nil, ferr
		}
		defer f.Close()
		list, err = ReadOpenings(f, spec, m.Rules)
	}
	if err != nil {
		return nil, err
	}
	switch order {
	case "sequential":
	case "random":
		ShuffleOpenings(list, gen.Seed)
	default:
		return nil, fmt.Errorf("unknown --order %q (want sequential or random)", order)
	}
	return list, nil
}
