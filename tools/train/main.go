// Command train fits the pattern weights of the evaluation on labelled
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
// Delete it to refit.
//
//	go run ./tools/train --labels wthor.lbl --out eval/weights.sew
//	go run ./tools/train --labels wthor.lbl,selfplay.lbl --init eval/weights.sew --out new.sew
package main

import (
	"errors"
	"flag"
	"fmt"
	"hash/crc32"
	"math"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/tools/dataset"
)

// Defaults of the fit, measured on the WTHOR labels (held-out RMS error,
// before positions were weighted by their counts):
const (
	// defaultLambda was the best of 1, 4, 16, 32 and 64 on phases 3, 5, 7
	// and 12 (phase 12: 9.38, 9.31, 9.29, 9.32, 9.39 discs).
	defaultLambda = 16
	// defaultIters: 40 preconditioned iterations come within 0.01 disc of
	// 80 (phase 10: 8.84 after 10, 8.79 after 40, 8.78 after 80).
	defaultIters = 40
	// defaultSmooth: 0.25 lowers the held-out RMS of all phases together
	// from 11.29 to 11.25 discs; 1 gives 11.28.
	defaultSmooth = 0.25
)

// config is one training run.
type config struct {
	labels     []string
	out        string
	init       string
	lambda     float64
	iters      int
	smooth     float64
	holdout    int
	threads    int
	checkpoint string
	quiet      bool
}

func main() {
	var c config
	labels := flag.String("labels", "", "labels files, separated by commas")
	flag.StringVar(&c.out, "out", "", "weights file to write")
	flag.StringVar(&c.init, "init", "", "weights file to start from and regularise towards")
	flag.Float64Var(&c.lambda, "lambda", defaultLambda, "L2 regularisation: lambda times the squared weight changes (in discs) joins the squared errors")
	flag.IntVar(&c.iters, "iters", defaultIters, "conjugate-gradient iterations per phase")
	flag.Float64Var(&c.smooth, "smooth", defaultSmooth, "weight of the neighbouring phases when smoothing (0: none)")
	flag.IntVar(&c.holdout, "holdout", 10, "percent of positions held out")
	flag.IntVar(&c.threads, "threads", runtime.GOMAXPROCS(0), "threads")
	flag.StringVar(&c.checkpoint, "checkpoint", "", "checkpoint file (default OUT.ckpt)")
	flag.Parse()
	if *labels != "" {
		c.labels = strings.Split(*labels, ",")
	}
	if c.checkpoint == "" {
		c.checkpoint = c.out + ".ckpt"
	}
	if err := train(c); err != nil {
		fmt.Fprintln(os.Stderr, "train:", err)
		os.Exit(1)
	}
}

func train(c config) error {
	switch {
	case len(c.labels) == 0 || c.out == "":
		return errors.New("--labels and --out are required")
	case c.lambda < 0 || c.iters < 1 || c.smooth < 0 || c.holdout < 0 || c.holdout > 50 || c.threads < 1:
		return errors.New("need --lambda >= 0, --iters >= 1, --smooth >= 0, 0 <= --holdout <= 50, --threads >= 1")
	}
	var labels []dataset.Label
	var sums []string
	for _, path := range c.labels {
		l, sum, err := dataset.ReadLabels(path)
		if err != nil {
			return err
		}
		labels = append(labels, l...)
		sums = append(sums, fmt.Sprintf("%08x", sum))
	}
	size := eval.PhaseSize()
	init, initName, err := loadInit(c.init, size)
	if err != nil {
		return err
	}
	fingerprint := fmt.Sprintf("labels=%s init=%s holdout=%d lambda=%g iters=%d features=%d size=%d",
		strings.Join(sums, ","), initName, c.holdout, c.lambda, c.iters, eval.NumFeatures, size)
	ck, err := loadCheckpoint(c.checkpoint, fingerprint)
	if err != nil {
		return err
	}
	if ck == nil {
		ck = &checkpoint{Fingerprint: fingerprint}
	}
	c.logf("train: %d positions from %s\n", len(labels), strings.Join(c.labels, ", "))
	for p := range eval.NumPhases {
		if ck.Done[p] {
			c.logf("train: phase %d already fitted (checkpoint)\n", p)
			continue
		}
		start := time.Now()
		tr := buildPhase(labels, p, c.holdout, false)
		ho := buildPhase(labels, p, c.holdout, true)
		s := newSolver(tr, size, c.threads)
		w := s.fit(init[p], c.lambda, c.iters)
		ck.W[p], ck.Count[p], ck.Done[p] = w, tr.counts(size), true
		ck.Fit[p] = fitStats{Train: tr.len(), HeldOut: ho.len(), TrainRMS: s.rms(w), HeldOutRMS: newSolver(ho, size, 1).rms(w)}
		if err := ck.save(c.checkpoint); err != nil {
			return err
		}
		lo, hi := phaseEmpties(p)
		c.logf("train: phase %2d (%d-%d empties): %d positions, RMS %.2f train, %.2f held out, %v\n",
			p, lo, hi, tr.len(), ck.Fit[p].TrainRMS, ck.Fit[p].HeldOutRMS, time.Since(start).Round(time.Millisecond))
	}
	w := quantise(smooth(ck.W[:], ck.Count[:], c.smooth))
	w.Symmetrize()
	if err := eval.SaveWeights(c.out, w); err != nil {
		return err
	}
	writeReport(os.Stdout, ck.Fit, measure(labels, w, c.holdout))
	start := bitboard.Start()
	fmt.Printf("\nstart position: %+d discs for Black\n", eval.NewPattern(w).Evaluate(start.P, start.O))
	return nil
}

// logf prints progress on stderr.
func (c *config) logf(format string, args ...any) {
	if !c.quiet {
		fmt.Fprintf(os.Stderr, format, args...)
	}
}

// loadInit returns the starting weights of every phase in discs: zero, or
// those of the weights file path. The name identifies them in the
// checkpoint.
func loadInit(path string, size int) ([][]float32, string, error) {
	init := make([][]float32, eval.NumPhases)
	if path == "" {
		for p := range init {
			init[p] = make([]float32, size)
		}
		return init, "none", nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, "", err
	}
	w, err := eval.DecodeWeights(data)
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

// quantise converts weights in discs to the file's fixed point.
func quantise(w [][]float32) *eval.Weights {
	out := eval.NewWeights()
	for p := range w {
		for k, x := range w[p] {
			v := math.Round(float64(x) * eval.WeightScale)
			out.W[p][k] = int16(max(math.MinInt16, min(math.MaxInt16, v)))
		}
	}
	return out
}
