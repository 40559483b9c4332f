package match

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"
)

// Tally counts an encounter's results from its first engine's side.
type Tally struct {
	Wins, Draws, Losses int
	DiscSum             int    // sum of the first engine's disc differences (a forfeit counts 64)
	Pairs               [5]int // colour-swapped pairs by the first engine's half-points: LL, LD, DD or WL, WD, WW
}

// Games returns the number of games counted.
func (t *Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Score returns the first engine's score as a fraction of the games.
func (t *Tally) Score() float64 { return (float64(t.Wins) + float64(t.Draws)/2) / float64(t.Games()) }

// AvgDiscs returns the first engine's mean disc difference per game.
func (t *Tally) AvgDiscs() float64 { return float64(t.DiscSum) / float64(t.Games()) }

// Elo estimates the first engine's Elo advantage from all games.
func (t *Tally) Elo() Estimate { return TrinomialElo(t.Wins, t.Draws, t.Losses) }

// PairElo estimates the first engine's Elo advantage from complete pairs.
func (t *Tally) PairElo() Estimate { return PentanomialElo(t.Pairs) }

// Standing is one encounter's results.
type Standing struct {
	First, Second string
	Tally
	pending map[int]int // first game's half-points for each pair still open
	history []Estimate  // Elo estimate after each game, for the plot
}

// Forfeits counts the games an engine lost by forfeit.
type Forfeits struct {
	Time  int // past its time, or stalled
	Other int // illegal moves, crashes, protocol errors, resignations
}

// Report is the state of a match: the standings of every encounter, the
// forfeits of every engine and the SPRT, if any.
type Report struct {
	Engines     []string
	Standings   []Standing
	Forfeits    []Forfeits // by engine, in the order of Engines
	Games       int        // games in the results file
	Scheduled   int        // games the match plays in all
	SPRT        *SPRT
	LLR         float64 // of the first encounter's pairs
	Verdict     int     // the SPRT's decision when it first made one: +1 H1, -1 H0, 0 none yet
	Interrupted bool    // the context ended before the match did
}

func newReport(m *Match, s *schedule, scheduled int) *Report {
	r := &Report{Scheduled: scheduled, SPRT: m.SPRT, Forfeits: make([]Forfeits, len(m.Engines))}
	for _, e := range m.Engines {
		r.Engines = append(r.Engines, e.Name)
	}
	for _, e := range s.encounters {
		r.Standings = append(r.Standings, Standing{First: r.Engines[e.a], Second: r.Engines[e.b], pending: map[int]int{}})
	}
	return r
}

// add counts a finished game of the given encounter.
func (r *Report) add(rec *gameRecord, encounter int) {
	st := &r.Standings[encounter]
	diff := rec.diff
	if rec.names[0] != st.First {
		diff = -diff
	}
	half := 1
	switch {
	case diff > 0:
		st.Wins, half = st.Wins+1, 2
	case diff < 0:
		st.Losses, half = st.Losses+1, 0
	default:
		st.Draws++
	}
	st.DiscSum += diff
	pair := rec.index / 2
	if first, ok := st.pending[pair]; ok {
		st.Pairs[first+half]++
		delete(st.pending, pair)
	} else {
		st.pending[pair] = half
	}
	st.history = append(st.history, st.Elo())
	if rec.forfeit != 0 {
		loser := r.engineIndex(rec.names[rec.loser()])
		if rec.forfeit == 't' {
			r.Forfeits[loser].Time++
		} else {
			r.Forfeits[loser].Other++
		}
	}
	r.Games++
	if r.SPRT != nil && encounter == 0 {
		r.LLR = r.SPRT.LLR(st.Pairs)
		if r.Verdict == 0 {
			r.Verdict = r.SPRT.Decide(st.Pairs)
		}
	}
}

func (r *Report) engineIndex(name string) int {
	for i, n := range r.Engines {
		if n == name {
			return i
		}
	}
	panic("unknown engine " + name)
}

// ProgressLine is a one-line summary for a live display.
func (r *Report) ProgressLine() string {
	var b strings.Builder
	fmt.Fprintf(&b, "game %d/%d", r.Games, r.Scheduled)
	if len(r.Standings) == 1 {
		st := &r.Standings[0]
		fmt.Fprintf(&b, "  %s vs %s +%d =%d -%d", st.First, st.Second, st.Wins, st.Draws, st.Losses)
		if st.Games() > 0 {
			fmt.Fprintf(&b, "  Elo %s", st.Elo())
		}
	}
	if r.SPRT != nil {
		lower, upper := r.SPRT.Bounds()
		fmt.Fprintf(&b, "  LLR %.2f (%.2f, %.2f)", r.LLR, lower, upper)
	}
	var forfeits int
	for _, f := range r.Forfeits {
		forfeits += f.Time + f.Other
	}
	if forfeits > 0 {
		fmt.Fprintf(&b, "  forfeits %d", forfeits)
	}
	return b.String()
}

// WriteTable writes the final table: per encounter W/D/L, score, mean disc
// difference, Elo with its 95% interval from the games and from the pairs,
// and the pentanomial counts; then each engine's forfeits and the SPRT.
func (r *Report) WriteTable(w io.Writer) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "encounter\tgames\tW\tD\tL\tscore\tdiscs\tElo [95%]\tpairs LL LD DD/WL WD WW\tpair Elo [95%]\t")
	for i := range r.Standings {
		st := &r.Standings[i]
		score, discs := "-", "-"
		if st.Games() > 0 {
			score, discs = fmt.Sprintf("%.1f%%", 100*st.Score()), fmt.Sprintf("%+.2f", st.AvgDiscs())
		}
		p := st.Pairs
		fmt.Fprintf(tw, "%s vs %s\t%d\t%d\t%d\t%d\t%s\t%s\t%s\t%d %d %d %d %d\t%s\t\n",
			st.First, st.Second, st.Games(), st.Wins, st.Draws, st.Losses, score, discs, st.Elo(),
			p[0], p[1], p[2], p[3], p[4], st.PairElo())
	}
	tw.Flush()
	fmt.Fprintln(w)
	tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "engine\ttime forfeits\tother forfeits\t")
	for i, name := range r.Engines {
		fmt.Fprintf(tw, "%s\t%d\t%d\t\n", name, r.Forfeits[i].Time, r.Forfeits[i].Other)
	}
	tw.Flush()
	if r.SPRT != nil {
		lower, upper := r.SPRT.Bounds()
		verdict := [3]string{"H0 accepted", "undecided", "H1 accepted"}[r.Verdict+1]
		fmt.Fprintf(w, "\nSPRT %s: LLR %.3f (bounds %.3f, %.3f): %s\n", r.SPRT, r.LLR, lower, upper, verdict)
	}
}
