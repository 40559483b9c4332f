package train

import (
	"fmt"
	"io"
	"math"

	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/tools/dataset"
)

// errStats accumulates errors in discs.
type errStats struct {
	n       int
	sq, abs float64
}

func (e *errStats) add(d float64) {
	e.n++
	e.sq += d * d
	e.abs += math.Abs(d)
}

func (e *errStats) rms() float64 { return math.Sqrt(e.sq / float64(max(1, e.n))) }
func (e *errStats) mae() float64 { return e.abs / float64(max(1, e.n)) }

// phaseErrors are the errors of the engine's evaluation in one phase.
type phaseErrors struct {
	train, heldOut, heldOutExact errStats
}

// measure scores every labelled position with the engine's own evaluation
// of weights w (integer discs, clamped), so the report is what the search
// will see.
func measure(labels []dataset.Label, w *eval.Weights, holdout int) [eval.NumPhases]phaseErrors {
	ev := eval.NewPattern(w)
	var out [eval.NumPhases]phaseErrors
	for i := range labels {
		l := &labels[i]
		pe := &out[eval.Phase(l.Empties())]
		d := float64(ev.Evaluate(l.P, l.O) - int(l.Score))
		switch {
		case !heldOut(l, holdout):
			pe.train.add(d)
		case l.Exact:
			pe.heldOutExact.add(d)
			fallthrough
		default:
			pe.heldOut.add(d)
		}
	}
	return out
}

// phaseEmpties returns the range of empties of a phase.
func phaseEmpties(p int) (lo, hi int) {
	lo, hi = 60, 0
	for e := 0; e <= 60; e++ {
		if eval.Phase(e) == p {
			lo, hi = min(lo, e), max(hi, e)
		}
	}
	return lo, hi
}

// writeReport prints the per-phase errors as a Markdown table: the fit of
// each phase before smoothing and quantisation, then the engine's
// evaluation with the final weights on the training and held-out sets, and
// on the held-out positions whose label is exact.
func writeReport(out io.Writer, fit [eval.NumPhases]fitStats, errs [eval.NumPhases]phaseErrors) {
	fmt.Fprintln(out, "| phase | empties | train | held-out | fit RMS train | fit RMS held-out | RMS train | RMS held-out | MAE held-out | exact held-out | MAE exact |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|---|---|---|")
	var all, held, exact errStats
	for p := range eval.NumPhases {
		lo, hi := phaseEmpties(p)
		e := &errs[p]
		fmt.Fprintf(out, "| %d | %d-%d | %d | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %d | %.2f |\n",
			p, lo, hi, e.train.n, e.heldOut.n, fit[p].TrainRMS, fit[p].HeldOutRMS,
			e.train.rms(), e.heldOut.rms(), e.heldOut.mae(), e.heldOutExact.n, e.heldOutExact.mae())
		for _, x := range []struct{ to, from *errStats }{{&all, &e.train}, {&held, &e.heldOut}, {&exact, &e.heldOutExact}} {
			x.to.n += x.from.n
			x.to.sq += x.from.sq
			x.to.abs += x.from.abs
		}
	}
	fmt.Fprintf(out, "| all | 0-60 | %d | %d | | | %.2f | %.2f | %.2f | %d | %.2f |\n",
		all.n, held.n, all.rms(), held.rms(), held.mae(), exact.n, exact.mae())
}
