package match

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
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
