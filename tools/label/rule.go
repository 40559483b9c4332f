package label

import (
	"cmp"
	"math"
	"slices"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/tools/dataset"
)

// value is a score the tool computed for a canonical board, from the side
// to move: exact from the solver, or a search value.
type value struct {
	score int8
	exact bool
}

// labelGame labels the positions of one game (ps: the position before each
// move, then the final one), from position g.skip on. The rule:
//   - a position whose exact value is known gets it: solved here, the WTHOR
//     theoretical score at its depth, or the result of a game played
//     perfectly from there;
//   - a position with a search value gets that, or with resultWeight w > 0
//     the mix (1-w)*search + w*(the label the next two rules give): the
//     game's result keeps chained labels from drifting (docs/training.md);
//     the search value is the tool's own, else the score that the game
//     recorded for its move there (g.scores). With tdLambda λ > 0 such a
//     recorded score gives way to the λ-return instead: the position's label
//     is (1-λ) times its score plus λ times the next position's label, the
//     final score at the end. The recorded scores of successive positions
//     are of alternate movers, so their opposite biases (an even-depth
//     search is pessimistic for its mover) mostly cancel;
//   - a position between two positions of known value gets the linear
//     interpolation of their values by moves played: if the players'
//     mistakes are independent, the value of the game is a random walk, and
//     that is its expected value given both ends;
//   - a position before the first known value gets that value: the game's
//     result with the mistakes made after it removed.
//
// The final position counts as known: its score, or the recorded result
// when the game ended off the board. Labels are in the canonical board of
// the side to move, with the value for that side.
func labelGame(g *game, ps []bitboard.Position, vals map[bitboard.Board]value, resultWeight, tdLambda float64) []dataset.Label {
	n := len(ps) - 1 // positions to label, the final one excluded
	// known[k] is the exact value of position k for Black, when known.
	known := make([]int, n+1)
	isKnown := make([]bool, n+1)
	final := ps[n]
	known[n], isKnown[n] = g.resultBlack, true
	if final.GameOver() {
		b, w := final.FinalCounts()
		known[n] = b - w
	}
	for k := n - 1; k >= g.skip; k-- {
		p := &ps[k]
		e := p.Board.NumEmpties()
		canon, _ := p.Board.Canonical()
		v, ok := vals[canon]
		switch {
		case e <= g.perfectFrom:
			known[k], isKnown[k] = known[n], true
		case e == g.anchorEmpties:
			known[k], isKnown[k] = g.anchorBlack, true
		case ok && v.exact:
			known[k], isKnown[k] = blackValue(p, int(v.score)), true
		}
	}
	// td[k] is the λ-return of position k for Black.
	var td []float64
	if tdLambda > 0 {
		td = make([]float64, n)
		v := float64(known[n])
		for k := n - 1; k >= g.skip; k-- {
			switch i := k - g.skip; {
			case isKnown[k]:
				v = float64(known[k])
			case i < len(g.scores):
				v = (1-tdLambda)*float64(blackValue(&ps[k], g.scores[i])) + tdLambda*v
			}
			td[k] = v
		}
	}
	// prev[k] and next[k]: the nearest known positions before and after k.
	prev, next := make([]int, n), make([]int, n)
	for k, last := g.skip, -1; k < n; k++ {
		prev[k] = last
		if isKnown[k] {
			last = k
		}
	}
	for k, last := n-1, n; k >= g.skip; k-- {
		next[k] = last
		if isKnown[k] {
			last = k
		}
	}
	// A game can end within its random opening moves (a wipe-out): then
	// skip exceeds n and nothing is labelled.
	out := make([]dataset.Label, 0, max(0, n-g.skip))
	for k := n - 1; k >= g.skip; k-- {
		p := &ps[k]
		canon, _ := p.Board.Canonical()
		l := dataset.Label{P: canon.P, O: canon.O, Count: 1}
		// result is the label that the game's known values give.
		result := float64(known[next[k]])
		if i, j := prev[k], next[k]; i >= 0 {
			result = float64(known[i]) + float64(k-i)/float64(j-i)*float64(known[j]-known[i])
		}
		black := int(math.Round(result))
		mixed := func(search int) int {
			return int(math.Round((1-resultWeight)*float64(blackValue(p, search)) + resultWeight*result))
		}
		switch v, ok := vals[canon]; {
		case isKnown[k]:
			black, l.Exact = known[k], true
		case ok:
			black = mixed(int(v.score))
		case k-g.skip < len(g.scores) && tdLambda > 0:
			black = int(math.Round(td[k]))
		case k-g.skip < len(g.scores):
			black = mixed(g.scores[k-g.skip])
		}
		l.Score = int8(blackValue(p, black)) // the sign change is its own inverse
		out = append(out, l)
	}
	return out
}

// blackValue turns a value for the side to move of p into one for Black.
func blackValue(p *bitboard.Position, v int) int {
	if p.Side == bitboard.White {
		return -v
	}
	return v
}

// dedup merges the labels of equal boards (the boards are canonical, so
// symmetric positions are equal): an exact score wins over estimates, and
// estimates are averaged, weighted by their counts and rounded to the
// nearest disc; counts add up. The
// result is sorted
// by board. A board whose "exact" scores disagree (a wrong score in the
// source data) gets the average of all its scores, not marked exact, and is
// passed to conflict.
func dedup(raw []dataset.Label, conflict func(b bitboard.Board, a, c int8)) []dataset.Label {
	slices.SortFunc(raw, byBoard)
	out := raw[:0] // in place: out never overtakes the run being read
	for i := 0; i < len(raw); {
		j := i
		sum, weight, count := 0, 0, 0
		l := raw[i]
		disagree := false
		for ; j < len(raw) && raw[j].P == l.P && raw[j].O == l.O; j++ {
			r := raw[j]
			switch {
			case r.Exact && l.Exact && r.Score != l.Score && !disagree:
				disagree = true
				conflict(bitboard.Board{P: l.P, O: l.O}, l.Score, r.Score)
			case r.Exact && !l.Exact:
				l = r
			}
			c := max(1, int(r.Count))
			sum += c * int(r.Score)
			weight += c
			count += int(r.Count)
		}
		l.Count = uint16(min(count, dataset.MaxCount))
		if disagree {
			l.Exact = false
		}
		if !l.Exact {
			l.Score = int8(math.Round(float64(sum) / float64(weight)))
		}
		out = append(out, l)
		i = j
	}
	return out
}

// byBoard orders labels by board: P, then O.
func byBoard(a, b dataset.Label) int {
	if c := cmp.Compare(a.P, b.P); c != 0 {
		return c
	}
	return cmp.Compare(a.O, b.O)
}
