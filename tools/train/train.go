// Package train fits the weights of an evaluation model (eval.Model: the
// pattern evaluation, or the endgame's move-ordering one) on labelled
// positions (see tools/label). Each phase's weights are fitted separately
// by preconditioned conjugate gradient on the squared error (each position
// weighted by the square root of its number of occurrences) with L2
// regularisation towards the starting weights (zero, or --init); then each weight is
// mixed with its neighbouring phases' values, weighted by how often it was
// seen there (--smooth), quantised, and written with eval.SaveWeights.
//
// A deterministic tenth of the positions (by a hash of the canonical board,
// --holdout percent) is held out; the report on stdout gives the error per
// phase on the training and held-out sets, as a Markdown table.
//
// The fitted weights of each phase are saved in a checkpoint (OUT.ckpt)
// as soon as the phase is done, so an interrupted run resumes with the
// next phase; a finished checkpoint lets a rerun change only --smooth.
// Delete it to refit. With ExactOnly only the positions whose label is
// exact are fitted, as the ordering model wants. With Phases only those
// phases are fitted and smoothed among themselves, the others keep Init's
// weights: chained labels fit the late phases first, then label the
// earlier ones by searches ending in them (docs/training.md). "sable train"
// runs it:
//
//	sable train --labels wthor.lbl --out eval/weights.sew
//	sable train --labels wthor.lbl,selfplay.lbl --init eval/weights.sew --out new.sew
//	sable train --model mobility --phases 9 --labels band.lbl --init late.sew --out chained.sew
//	sable train --model order --exact-only --labels end.lbl --out eval/order.sew
package train

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"
	"os"
	"strings"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/span"
	"github.com/sable-othello/sable/tools/dataset"
)

// Defaults of the fit, measured on the WTHOR labels (held-out RMS error,
// before positions were weighted by their counts):
const (
	// DefaultLambda was the best of 1, 4, 16, 32 and 64 on phases 3, 5, 7
	// and 12 (phase 12: 9.38, 9.31, 9.29, 9.32, 9.39 discs).
	DefaultLambda = 16
	// DefaultIters: 40 preconditioned iterations come within 0.01 disc of
	// 80 (phase 10: 8.84 after 10, 8.79 after 40, 8.78 after 80).
	DefaultIters = 40
	// DefaultSmooth: 0.25 lowers the held-out RMS of all phases together
	// from 11.29 to 11.25 discs; 1 gives 11.28.
	DefaultSmooth = 0.25
)

// Config is one training run.
type Config struct {
	Model      *eval.Model // the model to fit (nil: eval.PatternModel)
	ExactOnly  bool        // fit only the positions whose label is exact
	Labels     []string    // labels files
	Out        string      // weights file to write
	Init       string      // weights file to start from and regularise towards ("" or ZeroInit: zero)
	Phases     *span.Span  // fit only these phases, the others keep Init's weights (nil: all)
	Lambda     float64     // L2 regularisation
	Iters      int         // conjugate-gradient iterations per phase
	Smooth     float64     // weight of the neighbouring phases when smoothing
	Focus      float64     // labels' scale of the positions' weights (see focusWeight; 0: none)
	Squash     float64     // scale of the arctangent the errors are taken on (see squashFit; 0: none)
	Holdout    int         // percent of positions held out
	Threads    int
	Checkpoint string    // checkpoint file ("": Out.ckpt)
	Log        io.Writer // progress; nil for none
}

// Run fits the weights, writes them to c.Out and the report to report.
// Once ctx is done it stops within a conjugate-gradient iteration, keeping
// the phases fitted so far in the checkpoint, or, once the weights are
// written, the report; its error says which.
func Run(ctx context.Context, c Config, report io.Writer) error {
	if c.Checkpoint == "" {
		c.Checkpoint = c.Out + ".ckpt"
	}
	m := c.Model
	if m == nil {
		m = eval.PatternModel
	}
	switch {
	case len(c.Labels) == 0 || c.Out == "":
		return errors.New("--labels and --out are required")
	case c.Lambda < 0 || c.Iters < 1 || c.Smooth < 0 || c.Focus < 0 || c.Squash < 0 || c.Holdout < 0 || c.Holdout > 50 || c.Threads < 1:
		return errors.New("need --lambda >= 0, --iters >= 1, --smooth >= 0, --focus >= 0, --squash >= 0, 0 <= --holdout <= 50, --threads >= 1")
	case c.Phases != nil && c.Phases.Hi >= m.Phases:
		return fmt.Errorf("--phases %v: the %s model has phases 0-%d", c.Phases, m.Name, m.Phases-1)
	case c.Phases != nil && c.Init == "":
		return fmt.Errorf("--phases needs --init: the other phases keep its weights (--init %s: zero weights, to measure the phases alone)", ZeroInit)
	}
	fitted := func(p int) bool { return c.Phases == nil || c.Phases.Contains(p) }
	labels, sums, err := loadLabels(c.Labels, func(x *dataset.Label) bool {
		return (x.Exact || !c.ExactOnly) && fitted(m.Phase(x.Empties()))
	})
	if err != nil {
		return err
	}
	size := m.Size()
	init, initName, err := loadInit(m, c.Init)
	if err != nil {
		return err
	}
	fingerprint := fmt.Sprintf("model=%s exact-only=%t labels=%s init=%s holdout=%d lambda=%g iters=%d features=%d size=%d",
		m.Name, c.ExactOnly, strings.Join(sums, ","), initName, c.Holdout, c.Lambda, c.Iters, m.Slots(), size)
	if c.Phases != nil {
		fingerprint += " phases=" + c.Phases.String()
	}
	if c.Focus > 0 {
		fingerprint += fmt.Sprintf(" focus=%g", c.Focus)
	}
	if c.Squash > 0 {
		fingerprint += fmt.Sprintf(" squash=%g", c.Squash)
	}
	ck, err := loadCheckpoint(c.Checkpoint, fingerprint)
	if err != nil {
		return err
	}
	if ck == nil {
		ck = newCheckpoint(fingerprint, m.Phases)
	}
	listed, held := countLabels(labels)
	c.logf("train: %d positions (%d held once) from %s\n", listed, held, strings.Join(c.Labels, ", "))
	for p := range m.Phases {
		if !fitted(p) {
			ck.W[p], ck.Count[p] = init[p], nil // kept, and lent to no neighbour
			continue
		}
		if ck.Done[p] {
			c.logf("train: phase %d already fitted (checkpoint)\n", p)
			continue
		}
		if ctx.Err() != nil {
			return c.interrupted(p)
		}
		start := time.Now()
		tr := buildPhase(m, labels, p, c.Holdout, false, c.Focus)
		ho := buildPhase(m, labels, p, c.Holdout, true, c.Focus)
		s := newSolver(tr, size, c.Threads)
		w := s.fit(ctx, init[p], c.Lambda, c.Iters)
		if c.Squash > 0 {
			w = s.squashFit(ctx, w, c.Squash, c.Lambda, c.Iters)
		}
		if ctx.Err() != nil {
			return c.interrupted(p)
		}
		ck.W[p], ck.Count[p], ck.Done[p] = w, tr.counts(size), true
		ck.Fit[p] = fitStats{Train: tr.len(), HeldOut: ho.len(), TrainRMS: s.rms(w), HeldOutRMS: newSolver(ho, size, 1).rms(w)}
		if err := ck.save(c.Checkpoint); err != nil {
			return err
		}
		lo, hi := m.PhaseEmpties(p)
		c.logf("train: phase %2d (%d-%d empties): %d positions, RMS %.2f train, %.2f held out, %v\n",
			p, lo, hi, tr.len(), ck.Fit[p].TrainRMS, ck.Fit[p].HeldOutRMS, time.Since(start).Round(time.Millisecond))
	}
	w := quantise(m, smooth(ck.W, ck.Count, c.Smooth))
	w.Symmetrize()
	if err := eval.SaveWeights(c.Out, w); err != nil {
		return err
	}
	errs, err := measure(ctx, labels, w, c.Holdout)
	if err != nil {
		return fmt.Errorf("interrupted in the closing report: the weights are written to %s, only the report is missing", c.Out)
	}
	writeReport(report, m, fitted, ck.Fit, errs)
	if m.Phase(60) >= 0 { // a model of the whole game
		start := bitboard.Start()
		fmt.Fprintf(report, "\nstart position: %+d discs for Black\n", m.Evaluator(w).Evaluate(start.P, start.O))
	}
	return nil
}

// interrupted is the error of a run stopped in phase p.
func (c *Config) interrupted(p int) error {
	return fmt.Errorf("interrupted in phase %d: the phases fitted before it are kept in %s; run the same command again to resume", p, c.Checkpoint)
}

// logf prints progress on c.Log.
func (c *Config) logf(format string, args ...any) {
	if c.Log != nil {
		fmt.Fprintf(c.Log, format, args...)
	}
}

// ZeroInit is the --init that names zero weights. --phases refuses a run
// without --init but takes this one: the fitted phases start from zero and
// the others stay zero, a file only for measuring those phases (the
// learning curves of docs/training.md).
const ZeroInit = "zero"

// loadInit returns the starting weights of every phase of model m in
// discs: zero, or those of the weights file path (for the mobility model,
// pattern weights too). The name identifies them in the checkpoint.
func loadInit(m *eval.Model, path string) ([][]float32, string, error) {
	init := make([][]float32, m.Phases)
	size := m.Size()
	if path == "" || path == ZeroInit {
		for p := range init {
			init[p] = make([]float32, size)
		}
		return init, "none", nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, "", err
	}
	w, err := m.Decode(data)
	if err != nil && m == eval.MobilityModel {
		// Pattern weights start the mobility model: the tables they share,
		// and a mobility table of zeros.
		if pw, perr := eval.PatternModel.Decode(data); perr == nil {
			w, err = pw, nil
		}
	}
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", path, err)
	}
	for p := range init {
		init[p] = make([]float32, size)
		for k, x := range w.W[p] {
			init[p][k] = float32(x) / eval.WeightScale
		}
	}
	return init, fmt.Sprintf("%08x", crc32.ChecksumIEEE(data)), nil
}

// quantise converts weights of model m in discs to the file's fixed point.
func quantise(m *eval.Model, w [][]float32) *eval.Weights {
	out := m.NewWeights()
	for p := range w {
		for k, x := range w[p] {
			v := math.Round(float64(x) * eval.WeightScale)
			out.W[p][k] = int16(max(math.MinInt16, min(math.MaxInt16, v)))
		}
	}
	return out
}
