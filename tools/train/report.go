package train

import (
	"context"
	"fmt"
	"io"

	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/errstats"
)

// phaseErrors are the errors of the engine's evaluation in one phase.
type phaseErrors struct {
	train, heldOut, heldOutExact errstats.Stats
}

// measure scores every labelled position of the model's phases with the
// engine's own evaluation of weights w (integer discs, clamped), so the
// report is what the search will see. It returns ctx's error once ctx is
// done: on the whole corpus it takes minutes, and a run stopped then has
// its weights written already.
func measure(ctx context.Context, sets []labelSet, w *eval.Weights, holdout int) ([]phaseErrors, error) {
	m := w.Model()
	ev := m.Evaluator(w)
	out := make([]phaseErrors, m.Phases)
	for _, set := range sets {
		for i := range set.labels {
			if i%4096 == 0 && ctx.Err() != nil {
				return nil, ctx.Err()
			}
			l := &set.labels[i]
			p := m.Phase(l.Empties())
			if p < 0 {
				continue
			}
			pe := &out[p]
			est, ref := float64(ev.Evaluate(l.P, l.O)), float64(l.Score)
			for range set.times {
				switch {
				case !heldOut(l, holdout):
					pe.train.Add(est, ref)
				case l.Exact:
					pe.heldOutExact.Add(est, ref)
					fallthrough
				default:
					pe.heldOut.Add(est, ref)
				}
			}
		}
	}
	return out, nil
}

// writeReport prints the per-phase errors as a Markdown table: the fit of
// each phase before smoothing and quantisation, then the engine's
// evaluation with the final weights on the training and held-out sets, and
// on the held-out positions whose label is exact; only the phases fitted.
func writeReport(out io.Writer, m *eval.Model, fitted func(int) bool, fit []fitStats, errs []phaseErrors) {
	fmt.Fprintln(out, "| phase | empties | train | held-out | fit RMS train | fit RMS held-out | RMS train | RMS held-out | MAE held-out | exact held-out | MAE exact |")
	fmt.Fprintln(out, "|---|---|---|---|---|---|---|---|---|---|---|")
	var all, held, exact errstats.Stats
	for p := range m.Phases {
		if !fitted(p) {
			continue
		}
		lo, hi := m.PhaseEmpties(p)
		e := &errs[p]
		fmt.Fprintf(out, "| %d | %d-%d | %d | %d | %.2f | %.2f | %.2f | %.2f | %.2f | %d | %.2f |\n",
			p, lo, hi, e.train.N(), e.heldOut.N(), fit[p].TrainRMS, fit[p].HeldOutRMS,
			e.train.RMS(), e.heldOut.RMS(), e.heldOut.MAE(), e.heldOutExact.N(), e.heldOutExact.MAE())
		all.Merge(&e.train)
		held.Merge(&e.heldOut)
		exact.Merge(&e.heldOutExact)
	}
	fmt.Fprintf(out, "| all | | %d | %d | | | %.2f | %.2f | %.2f | %d | %.2f |\n",
		all.N(), held.N(), all.RMS(), held.RMS(), held.MAE(), exact.N(), exact.MAE())
}
