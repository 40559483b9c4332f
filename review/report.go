package review

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"text/tabwriter"

	"github.com/sable-othello/sable/bitboard"
)

// GameReview is a game and the review of its moves.
type GameReview struct {
	PlayedGame
	// Reviewed holds one entry per move made (passes are not moves), in
	// order; fewer while the review is under way.
	Reviewed []Move
}

// Complete reports whether every move of the game is reviewed.
func (g *GameReview) Complete() bool { return len(g.Reviewed) == g.MoveCount() }

// MoveCount returns the number of moves made in the game, passes left out.
func (g *GameReview) MoveCount() int {
	n := 0
	for _, m := range g.Moves {
		if m != bitboard.PassMove {
			n++
		}
	}
	return n
}

// Positions returns the position before each reviewed move.
func (g *GameReview) Positions() ([]bitboard.Position, error) {
	played := make([]int, len(g.Reviewed))
	for i, mv := range g.Reviewed {
		played[i] = mv.Played
	}
	out, err := bitboard.ReplayPositions(g.Start, played)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.Index, err)
	}
	return out[:len(played)], nil
}

// Totals are a player's losses over some moves.
type Totals struct {
	Moves int
	Loss  int           // discs
	Marks [NumMarks]int // moves of each mark; Marks[Good] counts the unmarked
}

// Average returns the loss per move (0 without moves).
func (t Totals) Average() float64 {
	if t.Moves == 0 {
		return 0
	}
	return float64(t.Loss) / float64(t.Moves)
}

// add counts a move's loss.
func (t *Totals) add(mv Move, th Thresholds) {
	t.Moves++
	t.Loss += mv.Loss
	t.Marks[th.Mark(mv.Loss)]++
}

// merge adds o's counts.
func (t *Totals) merge(o Totals) {
	t.Moves += o.Moves
	t.Loss += o.Loss
	for i := range t.Marks {
		t.Marks[i] += o.Marks[i]
	}
}

// String writes the totals as the reports show them.
func (t Totals) String() string {
	return fmt.Sprintf("%s, lost %s (%.2f a move): %s, %s, %s", plural(t.Moves, "move", "moves"),
		plural(t.Loss, "disc", "discs"), t.Average(),
		plural(t.Marks[Inaccuracy], "inaccuracy", "inaccuracies"), plural(t.Marks[Mistake], "mistake", "mistakes"),
		plural(t.Marks[Blunder], "blunder", "blunders"))
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// Totals returns Black's and White's totals over the reviewed moves.
func (g *GameReview) Totals(th Thresholds) [2]Totals {
	var t [2]Totals
	for _, mv := range g.Reviewed {
		t[mv.Color].add(mv, th)
	}
	return t
}

// Name returns the name of the player of colour c, or the colour when the
// record gives none.
func (g *GameReview) Name(c bitboard.Color) string {
	name := g.Black
	if c == bitboard.White {
		name = g.White
	}
	if name == "" {
		return c.String()
	}
	return name
}

// Title names the game: its number, the players and the rules.
func (g *GameReview) Title() string {
	r := g.Start.Rules
	return fmt.Sprintf("Game %d: %s (black) vs %s (white), %s rules, %s scoring",
		g.Index, g.Name(bitboard.Black), g.Name(bitboard.White), r.Variant, r.Scoring)
}

// WriteTable writes the move table of a game, then each player's totals.
func WriteTable(w io.Writer, g *GameReview, th Thresholds) error {
	fmt.Fprintln(w, g.Title())
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "#\tplayer\tempties\tplayed\tvalue\tbest\tvalue\tloss\t mark\t source\t")
	for _, mv := range g.Reviewed {
		fmt.Fprintf(tw, "%d\t%s\t%d\t%s\t%+d\t%s\t%+d\t%d\t %s\t %s\t\n", mv.Number, mv.Color, mv.Empties,
			bitboard.SquareName(mv.Played), mv.PlayedValue, bitboard.SquareName(mv.Best), mv.BestValue, mv.Loss,
			th.Mark(mv.Loss), mv.SourceName())
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	if !g.Complete() {
		fmt.Fprintf(w, "(%d of %d moves reviewed)\n", len(g.Reviewed), g.MoveCount())
	}
	t := g.Totals(th)
	for _, c := range []bitboard.Color{bitboard.Black, bitboard.White} {
		fmt.Fprintf(w, "%s (%s): %s\n", g.Name(c), c, t[c])
	}
	_, err := fmt.Fprintln(w)
	return err
}

// SourceName names where a move's values come from as the move table shows
// it, with "exact" only when both are exact.
func (mv Move) SourceName() string {
	if mv.Source == Solved && !mv.Exact {
		return Searched.String()
	}
	return mv.Source.String()
}

// PlayerTotals are one player's totals over several games.
type PlayerTotals struct {
	Name  string
	Games int
	Totals
}

// Summarize adds up each player's losses over the games, by name (either
// colour), least average loss first: the players' strength without their
// opponents' help.
func Summarize(games []GameReview, th Thresholds) []PlayerTotals {
	byName := map[string]*PlayerTotals{}
	var out []*PlayerTotals
	for i := range games {
		g := &games[i]
		t := g.Totals(th)
		for _, c := range []bitboard.Color{bitboard.Black, bitboard.White} {
			name := g.Name(c)
			p := byName[name]
			if p == nil {
				p = &PlayerTotals{Name: name}
				byName[name] = p
				out = append(out, p)
			}
			p.Games++
			p.merge(t[c])
		}
	}
	res := make([]PlayerTotals, len(out))
	for i, p := range out {
		res[i] = *p
	}
	slices.SortStableFunc(res, func(a, b PlayerTotals) int { return cmp.Compare(a.Average(), b.Average()) })
	return res
}

// WriteSummary writes the players' totals as a table.
func WriteSummary(w io.Writer, players []PlayerTotals) error {
	tw := tabwriter.NewWriter(w, 0, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "player\tgames\tmoves\tloss\tloss/move\tinaccuracies\tmistakes\tblunders\t")
	for _, p := range players {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%.2f\t%d\t%d\t%d\t\n", p.Name, p.Games, p.Moves, p.Loss, p.Average(),
			p.Marks[Inaccuracy], p.Marks[Mistake], p.Marks[Blunder])
	}
	return tw.Flush()
}
