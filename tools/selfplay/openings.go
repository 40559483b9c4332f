package selfplay

import (
	"fmt"
	"hash/crc32"
	"path/filepath"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/tools/gamefile"
)

// openings are the starts of a run's games: each the first plies of a game
// of a file, from the standard Othello start, passes left out.
type openings struct {
	list [][]int
	name string // for the header: FILE:PLIES@CRC32 of the list
}

// readOpenings cuts every game of the file at path (any file gamefile
// reads: an XOT list, WTHOR, GGF or SGF records, self-play games) to its
// first plies moves, and keeps each distinct start once, in file order. A
// game that ends sooner, or starts elsewhere than the Othello start, gives
// no opening.
func readOpenings(path string, plies int) (*openings, error) {
	if plies < 1 || plies > 59 {
		return nil, fmt.Errorf("bad --opening-plies %d (want 1..59)", plies)
	}
	f, err := gamefile.Read(path, bitboard.DefaultRules(bitboard.Othello))
	if err != nil {
		return nil, err
	}
	o := &openings{}
	seen := map[string]bool{}
	sum := crc32.NewIEEE()
	for _, g := range f.Games {
		moves, err := g.OthelloMoves()
		if err != nil {
			continue
		}
		var start []int
		for _, m := range moves {
			if len(start) == plies {
				break
			}
			if m != bitboard.PassMove {
				start = append(start, m)
			}
		}
		t := bitboard.Transcript(start)
		if len(start) < plies || seen[t] {
			continue
		}
		seen[t] = true
		o.list = append(o.list, start)
		fmt.Fprintln(sum, t)
	}
	if len(o.list) == 0 {
		return nil, fmt.Errorf("%s: no game of %d plies or more from the Othello start", path, plies)
	}
	o.name = fmt.Sprintf("%s:%d@%08x", filepath.Base(path), plies, sum.Sum32())
	return o, nil
}
