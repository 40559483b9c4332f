package train

import (
	"bytes"
	"context"
	"encoding/gob"
	"io"
	"math"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/span"
	"github.com/sable-othello/sable/tools/dataset"
)

// randomPositions plays random games and keeps their positions with
// empties in [lo, hi], seen from the side to move, in canonical form.
func randomPositions(rng *rand.Rand, n, lo, hi int) []bitboard.Board {
	var out []bitboard.Board
	for len(out) < n {
		b := bitboard.Start()
		for !b.GameOver() {
			if b.Moves() == 0 {
				b = b.Pass()
			}
			if e := b.NumEmpties(); e >= lo && e <= hi {
				c, _ := b.Canonical()
				out = append(out, c)
			}
			sq := bitboard.RandomMove(rng, b.Moves())
			b = b.Play(sq, bitboard.Flips(sq, b.P, b.O))
		}
	}
	return out[:n]
}

// squaresOf returns the number of squares of feature i.
func squaresOf(i int) int {
	f := eval.NewFeatures(^uint64(0), 0) // every digit 1: index (3^n - 1) / 2
	return int(math.Round(math.Log(float64(2*f.Index(i)+1)) / math.Log(3)))
}

// knownWeights returns random weights (in discs) on the slots of the
// patterns of at most five squares, zero elsewhere: small patterns, so that
// a few thousand positions show every configuration that matters.
func knownWeights(rng *rand.Rand) []float32 {
	w := make([]float32, eval.PhaseSize())
	for i := range eval.NumFeatures() {
		n := squaresOf(i)
		if n > 5 {
			continue
		}
		for x := range int(math.Pow(3, float64(n))) {
			w[eval.WeightIndex(i, x)] = float32(rng.NormFloat64())
		}
	}
	return w
}

// allFeatures lists every feature.
func allFeatures() []int {
	out := make([]int, eval.NumFeatures())
	for i := range out {
		out[i] = i
	}
	return out
}

// smallFeatures lists the features of at most five squares.
func smallFeatures() []int {
	var out []int
	for i := range eval.NumFeatures() {
		if squaresOf(i) <= 5 {
			out = append(out, i)
		}
	}
	return out
}

// syntheticPhase builds phase data on the given features whose targets are
// the exact predictions of the weights w.
func syntheticPhase(boards []bitboard.Board, w []float32, feats []int) *phaseData {
	d := &phaseData{nf: len(feats)}
	for _, b := range boards {
		f := eval.NewFeatures(b.P, b.O)
		var y float32
		for _, k := range feats {
			slot := int32(eval.WeightIndex(k, f.MoverIndex(k, true)))
			d.idx = append(d.idx, slot)
			y += w[slot]
		}
		d.y = append(d.y, y)
		d.c = append(d.c, 1)
		d.times = append(d.times, 1)
	}
	return d
}

func TestFitRecoversKnownWeights(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	truth := knownWeights(rng)
	boards := randomPositions(rng, 6000, 41, 44)
	// On the small patterns alone, the weights are fixed by the data up
	// to a constant per shape (adding c to one shape's weights and taking
	// it from another's keeps every prediction). With every pattern, they
	// are not: a small pattern's configuration is also read off the large
	// patterns that contain its squares.
	train, held := syntheticPhase(boards[:5000], truth, smallFeatures()), syntheticPhase(boards[5000:], truth, smallFeatures())
	s := newSolver(train, eval.PhaseSize(), 2)
	zero := make([]float32, eval.PhaseSize())
	w := s.fit(context.Background(), zero, 1e-3, 200)
	if e := s.rms(w); e > 0.05 {
		t.Errorf("train RMS %.3f discs, want the known weights' predictions (< 0.05)", e)
	}
	if e := newSolver(held, eval.PhaseSize(), 1).rms(w); e > 0.05 {
		t.Errorf("held-out RMS %.3f discs, want the known weights' predictions (< 0.05)", e)
	}
	counts := train.counts(eval.PhaseSize())
	for i := range eval.NumFeatures() {
		if squaresOf(i) > 5 {
			continue
		}
		var diffs []float64
		for x := range int(math.Pow(3, float64(squaresOf(i)))) {
			if k := eval.WeightIndex(i, x); counts[k] >= 100 {
				diffs = append(diffs, float64(w[k]-truth[k]))
			}
		}
		if sd := stddev(diffs); len(diffs) < 5 || sd > 0.05 {
			t.Errorf("feature %d: %d well-seen slots, fitted minus true weights vary by %.3f discs", i, len(diffs), sd)
		}
	}
}

func stddev(x []float64) float64 {
	var s, s2 float64
	for _, v := range x {
		s += v
		s2 += v * v
	}
	n := float64(len(x))
	return math.Sqrt(max(0, s2/n-(s/n)*(s/n)))
}

func TestFitErrorGoesDown(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	truth := knownWeights(rng)
	d := syntheticPhase(randomPositions(rng, 3000, 41, 44), truth, allFeatures())
	s := newSolver(d, eval.PhaseSize(), 2)
	zero := make([]float32, eval.PhaseSize())
	last := s.rms(zero)
	for _, iters := range []int{1, 3, 10, 30} {
		e := s.rms(s.fit(context.Background(), zero, 1e-3, iters))
		if e >= last {
			t.Errorf("RMS %.4f after %d iterations, not below %.4f", e, iters, last)
		}
		last = e
	}
}

func TestFocusWeighsPositionsByTheirLabels(t *testing.T) {
	// One board labelled 0 and 32: every prediction of it is the same, so
	// the fit gives it the weighted mean of the labels. With --focus 16 the
	// label 32 weighs 1/(1+2²) = 0.2, so the mean is 32*0.2/1.2.
	b := bitboard.Start()
	labels := []dataset.Label{{P: b.P, O: b.O, Score: 0, Count: 1}, {P: b.P, O: b.O, Score: 32, Count: 1}}
	phase := eval.PatternModel.Phase(b.NumEmpties())
	for _, tc := range []struct {
		focus float64
		want  float64
	}{{0, 16}, {16, 32 * 0.2 / 1.2}, {32, 32 * 0.5 / 1.5}} {
		d := buildPhase(eval.PatternModel, []labelSet{{labels: labels, times: 1}}, phase, 0, false, tc.focus)
		s := newSolver(d, eval.PhaseSize(), 1)
		w := s.fit(context.Background(), make([]float32, eval.PhaseSize()), 1e-6, 20)
		q := make([]float32, d.len())
		s.mul(w, q)
		if math.Abs(float64(q[0])-tc.want) > 0.01 {
			t.Errorf("--focus %g: the board evaluates %.3f, want the weighted mean %.3f", tc.focus, q[0], tc.want)
		}
	}
}

func TestFitIsTheSameOnAnyNumberOfThreads(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	d := syntheticPhase(randomPositions(rng, 1000, 41, 44), knownWeights(rng), allFeatures())
	zero := make([]float32, eval.PhaseSize())
	a := newSolver(d, eval.PhaseSize(), 1).fit(context.Background(), zero, 1, 10)
	b := newSolver(d, eval.PhaseSize(), 3).fit(context.Background(), zero, 1, 10)
	for k := range a {
		if a[k] != b[k] {
			t.Fatalf("slot %d: %v on one thread, %v on three", k, a[k], b[k])
		}
	}
}

func TestSmoothWeighsNeighboursByCount(t *testing.T) {
	w := [][]float32{{4, 1}, {0, 2}, {8, 3}}
	counts := [][]uint32{{10, 0}, {0, 0}, {30, 5}}
	got := smooth(w, counts, 0.5)
	want := [][]float32{
		{4, 1}, // the unseen neighbour adds nothing; slot 1 unseen nearby keeps its value
		{(0.5*10*4 + 0.5*30*8) / (0.5*10 + 0.5*30), 3}, // unseen in phase 1: the neighbours' values
		{8, 3}, // phase 1 never saw slot 0
	}
	for p := range want {
		for k := range want[p] {
			if math.Abs(float64(got[p][k]-want[p][k])) > 1e-6 {
				t.Errorf("phase %d slot %d: %v, want %v", p, k, got[p][k], want[p][k])
			}
		}
	}
}

// writeSyntheticLabels writes labels from known weights over every phase.
func writeSyntheticLabels(t *testing.T, path string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(4, 4))
	truth := knownWeights(rng)
	var labels []dataset.Label
	for _, b := range randomPositions(rng, 3000, 0, 60) {
		d := syntheticPhase([]bitboard.Board{b}, truth, allFeatures())
		y := max(-64, min(64, math.Round(float64(d.y[0]))))
		labels = append(labels, dataset.Label{P: b.P, O: b.O, Score: int8(y)})
	}
	if err := dataset.WriteLabels(path, labels); err != nil {
		t.Fatal(err)
	}
}

// syntheticConfig writes synthetic labels into a new temporary folder and
// returns a small run on them, writing name.sew and name.ckpt there.
func syntheticConfig(t *testing.T, name string) Config {
	dir := t.TempDir()
	lbl := filepath.Join(dir, "syn.lbl")
	writeSyntheticLabels(t, lbl)
	return Config{Labels: []string{lbl}, Out: filepath.Join(dir, name+".sew"), Lambda: 1, Iters: 5, Smooth: 0.25,
		Holdout: 10, Threads: 2, Checkpoint: filepath.Join(dir, name+".ckpt")}
}

// A file listed twice weighs twice, held once: the fit is that of the file
// listed once with half the regularisation, bit for bit (every weight and
// count doubles exactly), with the squash and the smoothing too.
func TestAFileListedTwiceWeighsAsTwoCopies(t *testing.T) {
	once := syntheticConfig(t, "once")
	once.Squash = 12
	twice := once
	twice.Labels = []string{once.Labels[0], once.Labels[0]}
	twice.Lambda = 2 * once.Lambda
	twice.Out, twice.Checkpoint = once.Out+"2", once.Checkpoint+"2"
	var reports [2]strings.Builder
	for i, cfg := range []Config{once, twice} {
		if err := Run(context.Background(), cfg, &reports[i]); err != nil {
			t.Fatal(err)
		}
	}
	a, errA := os.ReadFile(once.Out)
	b, errB := os.ReadFile(twice.Out)
	if errA != nil || errB != nil || !bytes.Equal(a, b) {
		t.Errorf("the file listed twice gave other weights than the file listed once with half the regularisation (%v, %v)", errA, errB)
	}
	// The report counts each listing: twice the training positions.
	n1, n2 := trainCount(t, reports[0].String(), 20), trainCount(t, reports[1].String(), 20)
	if n1 == 0 || n2 != 2*n1 {
		t.Errorf("phase 20: %d training positions listed once, %d listed twice", n1, n2)
	}
}

// trainCount returns the number of training positions that the report
// gives for phase p.
func trainCount(t *testing.T, report string, p int) int {
	t.Helper()
	for _, line := range strings.Split(report, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) > 3 && strings.TrimSpace(cells[1]) == strconv.Itoa(p) {
			n, err := strconv.Atoi(strings.TrimSpace(cells[3]))
			if err != nil {
				t.Fatalf("report row %q: %v", line, err)
			}
			return n
		}
	}
	t.Fatalf("no row of phase %d in the report:\n%s", p, report)
	return 0
}

// cancelOn cancels a context once a line containing its text is written.
type cancelOn struct {
	text   string
	cancel context.CancelFunc
}

func (c cancelOn) Write(p []byte) (int, error) {
	if strings.Contains(string(p), c.text) {
		c.cancel()
	}
	return len(p), nil
}

// runInOneGo trains on the synthetic labels without a stop, and returns
// the run's config and the weights it wrote.
func runInOneGo(t *testing.T) (Config, []byte) {
	t.Helper()
	cfg := syntheticConfig(t, "a")
	if err := Run(context.Background(), cfg, io.Discard); err != nil {
		t.Fatal(err)
	}
	whole, err := os.ReadFile(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	return cfg, whole
}

// runStopped trains as runInOneGo does, then again into files named name,
// with Ctrl-C once a progress line containing text is written. It returns
// the second run's config and error, and the first run's weights.
func runStopped(t *testing.T, name, text string, report io.Writer) (Config, []byte, error) {
	t.Helper()
	cfg, whole := runInOneGo(t)
	dir := filepath.Dir(cfg.Out)
	stopped := cfg
	stopped.Out, stopped.Checkpoint = filepath.Join(dir, name+".sew"), filepath.Join(dir, name+".ckpt")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stopped.Log = cancelOn{text, cancel}
	err := Run(ctx, stopped, report)
	stopped.Log = nil
	return stopped, whole, err
}

func TestAnInterruptedTrainingStopsKeepsItsPhasesAndResumes(t *testing.T) {
	stopped, whole, err := runStopped(t, "b", "phase  6 ", io.Discard) // Ctrl-C while phase 7 is fitted
	if err == nil || !strings.Contains(err.Error(), "interrupted in phase 7") || !strings.Contains(err.Error(), "run the same command again") {
		t.Fatalf("an interrupted run returned %v", err)
	}
	if _, err := os.Stat(stopped.Out); !os.IsNotExist(err) {
		t.Errorf("an interrupted run wrote its weights: %v", err)
	}
	ck := mustLoad(t, stopped)
	for p, done := range ck.Done {
		if done != (p <= 6) {
			t.Errorf("phase %d checkpointed: %t", p, done)
		}
	}
	if err := Run(context.Background(), stopped, io.Discard); err != nil {
		t.Fatal(err)
	}
	if resumed, _ := os.ReadFile(stopped.Out); !bytes.Equal(whole, resumed) {
		t.Error("the weights of an interrupted and resumed run differ from those of a run in one go")
	}
}

// Ctrl-C during the closing report, which takes minutes on the whole
// corpus, stops it: the weights are those of a run in one go, and the
// error says that only the report is missing.
func TestAnInterruptionDuringTheReportKeepsTheWeights(t *testing.T) {
	var report strings.Builder
	last := "phase " + strconv.Itoa(eval.NumPhases-1) + " " // Ctrl-C once the last phase is fitted
	late, whole, err := runStopped(t, "c", last, &report)
	if err == nil || !strings.Contains(err.Error(), "closing report") || !strings.Contains(err.Error(), late.Out) {
		t.Fatalf("a run interrupted in its report returned %v", err)
	}
	if got, _ := os.ReadFile(late.Out); !bytes.Equal(whole, got) {
		t.Error("the weights of a run interrupted in its report differ from those of a run in one go")
	}
	if report.Len() != 0 {
		t.Errorf("a run interrupted in its report wrote part of it:\n%s", report.String())
	}
}

func TestTrainResumesFromItsCheckpoint(t *testing.T) {
	cfg, whole := runInOneGo(t)
	dir := filepath.Dir(cfg.Out)
	// Pretend the run stopped after phase 6.
	if ck, err := loadCheckpoint(cfg.Checkpoint, "another run"); err != nil || ck != nil {
		t.Fatalf("a checkpoint of another run was taken: %v, %v", ck, err)
	}
	ck := mustLoad(t, cfg)
	for p := 7; p < len(ck.Done); p++ {
		ck.Done[p], ck.W[p], ck.Count[p] = false, nil, nil
	}
	if err := ck.save(cfg.Checkpoint); err != nil {
		t.Fatal(err)
	}
	cfg.Out = filepath.Join(dir, "b.sew")
	if err := Run(context.Background(), cfg, io.Discard); err != nil {
		t.Fatal(err)
	}
	resumed, _ := os.ReadFile(cfg.Out)
	if !bytes.Equal(whole, resumed) {
		t.Error("weights of a resumed run differ from those of a run in one go")
	}
	if _, err := eval.LoadWeights(cfg.Out); err != nil {
		t.Error(err)
	}
}

func TestTrainRefusesANegativeFocusOrSquashAndRefitsWhenEitherChanges(t *testing.T) {
	base := syntheticConfig(t, "plain")
	dir := filepath.Dir(base.Out)
	if err := Run(context.Background(), base, io.Discard); err != nil {
		t.Fatal(err)
	}
	plain, _ := os.ReadFile(base.Out)
	plainCkpt, err := os.ReadFile(base.Checkpoint)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		flag string
		set  func(c *Config, v float64)
	}{
		{"--focus", func(c *Config, v float64) { c.Focus = v }},
		{"--squash", func(c *Config, v float64) { c.Squash = v }},
	} {
		cfg := base
		cfg.Out = filepath.Join(dir, tc.flag[2:]+".sew")
		tc.set(&cfg, -1)
		if err := Run(context.Background(), cfg, io.Discard); err == nil || !strings.Contains(err.Error(), tc.flag) {
			t.Fatalf("%s -1: error %v, want one naming %s", tc.flag, err, tc.flag)
		}
		if _, err := os.Stat(cfg.Out); !os.IsNotExist(err) {
			t.Fatalf("a refused run wrote %s", cfg.Out)
		}
		// The plain fit's checkpoint: this run must not take its weights.
		cfg.Checkpoint = filepath.Join(dir, tc.flag[2:]+".ckpt")
		if err := os.WriteFile(cfg.Checkpoint, plainCkpt, 0o644); err != nil {
			t.Fatal(err)
		}
		tc.set(&cfg, 4)
		if err := Run(context.Background(), cfg, io.Discard); err != nil {
			t.Fatal(err)
		}
		if got, _ := os.ReadFile(cfg.Out); bytes.Equal(plain, got) {
			t.Errorf("%s 4 wrote the weights of the plain fit", tc.flag)
		}
	}
}

// mustLoad reads the run's checkpoint, whatever its fingerprint.
func mustLoad(t *testing.T, cfg Config) *checkpoint {
	t.Helper()
	f, err := os.Open(cfg.Checkpoint)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var ck checkpoint
	if err := gob.NewDecoder(f).Decode(&ck); err != nil {
		t.Fatal(err)
	}
	return &ck
}

func TestOrderModelIsFittedOnExactLabelsOnly(t *testing.T) {
	dir := t.TempDir()
	lbl := filepath.Join(dir, "end.lbl")
	// Exact labels say +10, estimates -30: only the first may be fitted.
	var labels []dataset.Label
	for i, b := range randomPositions(rand.New(rand.NewPCG(5, 5)), 4000, 10, 20) {
		l := dataset.Label{P: b.P, O: b.O, Score: 10, Exact: true, Count: 1}
		if i%2 == 1 {
			l.Score, l.Exact = -30, false
		}
		labels = append(labels, l)
	}
	if err := dataset.WriteLabels(lbl, labels); err != nil {
		t.Fatal(err)
	}
	cfg := Config{Model: eval.OrderModel, ExactOnly: true, Labels: []string{lbl}, Out: filepath.Join(dir, "order.sew"),
		Lambda: 1, Iters: 20, Smooth: 0.25, Holdout: 10, Threads: 2}
	if err := Run(context.Background(), cfg, io.Discard); err != nil {
		t.Fatal(err)
	}
	w, err := eval.OrderModel.Load(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := eval.LoadWeights(cfg.Out); err == nil {
		t.Error("order weights load as pattern weights")
	}
	ev := eval.NewOrder(w)
	sum := 0
	for _, l := range labels {
		sum += ev.Evaluate(l.P, l.O)
	}
	if mean := float64(sum) / float64(len(labels)); math.Abs(mean-10) > 1 {
		t.Errorf("mean evaluation %.2f, want the exact labels' +10", mean)
	}
}

func TestMobilityModelStartsFromPatternWeightsAndLearnsMoveCounts(t *testing.T) {
	dir := t.TempDir()
	lbl, init := filepath.Join(dir, "mob.lbl"), filepath.Join(dir, "init.sew")
	// Labels made of the move counts: twice the mover's moves less the
	// opponent's. The line patterns see part of that, the mobility table
	// all of it; the last 1000 positions are not trained on. All lie in
	// one phase (33-34 empties), so that each table sees all of them.
	var labels []dataset.Label
	for _, b := range randomPositions(rand.New(rand.NewPCG(6, 6)), 13000, 33, 34) {
		d := bits.OnesCount64(bitboard.Moves(b.P, b.O)) - bits.OnesCount64(bitboard.Moves(b.O, b.P))
		labels = append(labels, dataset.Label{P: b.P, O: b.O, Score: int8(2 * d), Count: 1})
	}
	if err := dataset.WriteLabels(lbl, labels[:12000]); err != nil {
		t.Fatal(err)
	}
	if err := eval.SaveWeights(init, eval.NewWeights()); err != nil {
		t.Fatal(err)
	}
	unseenMAE := func(m *eval.Model) float64 {
		cfg := Config{Model: m, Labels: []string{lbl}, Init: init, Out: filepath.Join(dir, m.Name+".sew"),
			Lambda: 1, Iters: 40, Smooth: 0, Holdout: 0, Threads: 2}
		if err := Run(context.Background(), cfg, io.Discard); err != nil {
			t.Fatal(err)
		}
		w, err := eval.LoadWeights(cfg.Out)
		if err != nil {
			t.Fatal(err)
		}
		if w.Model() != m {
			t.Fatalf("%s weights load as the %s model", m.Name, w.Model().Name)
		}
		ev := eval.NewPattern(w)
		var sum float64
		for _, l := range labels[12000:] {
			sum += math.Abs(float64(ev.Evaluate(l.P, l.O) - int(l.Score)))
		}
		return sum / 1000
	}
	mob, pat := unseenMAE(eval.MobilityModel), unseenMAE(eval.PatternModel)
	if mob > 0.85*pat {
		t.Errorf("unseen MAE %.2f discs with the mobility table, %.2f without: want the table to explain more", mob, pat)
	}
}

// runNamed runs cfg with its output and checkpoint named name, beside
// cfg.Out, and returns the weights it wrote.
func runNamed(t *testing.T, cfg Config, name string) *eval.Weights {
	t.Helper()
	dir := filepath.Dir(cfg.Out)
	cfg.Out, cfg.Checkpoint = filepath.Join(dir, name+".sew"), filepath.Join(dir, name+".ckpt")
	if err := Run(context.Background(), cfg, io.Discard); err != nil {
		t.Fatal(err)
	}
	w, err := eval.LoadWeights(cfg.Out)
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestPhasesFitsThemAsAWholeRunDoesAndKeepsTheOthersOfInit(t *testing.T) {
	base := syntheticConfig(t, "whole")
	dir := filepath.Dir(base.Out)
	init := filepath.Join(dir, "init.sew")
	rng := rand.New(rand.NewPCG(7, 7))
	iw := eval.NewWeights()
	for p := range iw.W {
		for k := range iw.W[p] {
			iw.W[p][k] = int16(rng.IntN(129) - 64)
		}
	}
	iw.Symmetrize() // as a file that train wrote
	if err := eval.SaveWeights(init, iw); err != nil {
		t.Fatal(err)
	}
	fit := func(name string, phases *span.Span, smooth float64) *eval.Weights {
		cfg := base
		cfg.Init, cfg.Phases, cfg.Smooth = init, phases, smooth
		return runNamed(t, cfg, name)
	}
	whole := fit("whole", nil, 0)
	part := fit("part", &span.Span{Lo: 3, Hi: 5}, 0)
	// A lone phase borrows nothing from its neighbours, whatever --smooth.
	lone := fit("lone", &span.Span{Lo: 4, Hi: 4}, 0.25)
	for p := range iw.W {
		want, from := iw.W[p], "init"
		if p >= 3 && p <= 5 {
			want, from = whole.W[p], "a whole run"
		}
		if !slices.Equal(part.W[p], want) {
			t.Errorf("--phases 3-5: phase %d differs from %s's", p, from)
		}
		want, from = iw.W[p], "init"
		if p == 4 {
			want, from = whole.W[p], "a whole run"
		}
		if !slices.Equal(lone.W[p], want) {
			t.Errorf("--phases 4 with smoothing: phase %d differs from %s's", p, from)
		}
	}
	if slices.Equal(whole.W[4], iw.W[4]) {
		t.Fatal("the fit left phase 4 as init had it: the test shows nothing")
	}
	for _, bad := range []Config{
		{Labels: base.Labels, Phases: &span.Span{Lo: 4, Hi: 4}, Out: filepath.Join(dir, "x.sew"), Iters: 1, Threads: 1},
		{Labels: base.Labels, Init: init, Phases: &span.Span{Lo: 4, Hi: eval.PatternModel.Phases}, Out: filepath.Join(dir, "x.sew"), Iters: 1, Threads: 1},
	} {
		if err := Run(context.Background(), bad, io.Discard); err == nil {
			t.Errorf("--phases %v with --init %q: no error", bad.Phases, bad.Init)
		}
	}
}

func TestPhasesFromZeroInitFitAsFromAFileOfZeros(t *testing.T) {
	base := syntheticConfig(t, "zero")
	dir := filepath.Dir(base.Out)
	zeros := filepath.Join(dir, "zeros.sew")
	if err := eval.SaveWeights(zeros, eval.NewWeights()); err != nil {
		t.Fatal(err)
	}
	fit := func(name, init string) *eval.Weights {
		cfg := base
		cfg.Init, cfg.Phases = init, &span.Span{Lo: 4, Hi: 4}
		return runNamed(t, cfg, name)
	}
	named, filed := fit("named", ZeroInit), fit("filed", zeros)
	for p := range named.W {
		if !slices.Equal(named.W[p], filed.W[p]) {
			t.Errorf("phase %d: --init %s and --init of a file of zeros differ", p, ZeroInit)
		}
		if zero := !slices.ContainsFunc(named.W[p], func(x int16) bool { return x != 0 }); zero != (p != 4) {
			t.Errorf("--phases 4 --init %s: phase %d all zero %t, want %t", ZeroInit, p, zero, p != 4)
		}
	}
	cfg := base
	cfg.Phases = &span.Span{Lo: 4, Hi: 4}
	if err := Run(context.Background(), cfg, io.Discard); err == nil || !strings.Contains(err.Error(), "--init "+ZeroInit) {
		t.Errorf("--phases without --init: error %v, want one that offers --init %s", err, ZeroInit)
	}
}

func TestSquashFitsTheLabelsOnAnArctangentScale(t *testing.T) {
	// One board labelled 0 and 16: every prediction of it is the same, q.
	// In discs the fit is the mean, 8. With --squash 12 it minimises
	// (g(q)-g(0))² + (g(q)-g(16))², g(x) = 12 atan(x/12), so g(q) is the
	// mean of g(0) and g(16): q = 12 tan(atan(4/3)/2) = 6.
	b := bitboard.Start()
	labels := []dataset.Label{{P: b.P, O: b.O, Score: 0, Count: 1}, {P: b.P, O: b.O, Score: 16, Count: 1}}
	d := buildPhase(eval.PatternModel, []labelSet{{labels: labels, times: 1}}, eval.PatternModel.Phase(b.NumEmpties()), 0, false, 0)
	s := newSolver(d, eval.PhaseSize(), 1)
	w := s.fit(context.Background(), make([]float32, eval.PhaseSize()), 1e-6, 20)
	q := make([]float32, d.len())
	s.mul(w, q)
	if math.Abs(float64(q[0])-8) > 0.01 {
		t.Fatalf("plain fit: the board evaluates %.3f, want 8", q[0])
	}
	w = s.squashFit(context.Background(), w, 12, 1e-6, 20)
	s.mul(w, q)
	if math.Abs(float64(q[0])-6) > 0.01 {
		t.Errorf("--squash 12: the board evaluates %.3f, want 6", q[0])
	}
	if d.y[0] != 0 || d.y[1] != 16 || d.c[0] != 1 || d.c[1] != 1 {
		t.Errorf("squashFit left the labels %v and weights %v, want [0 16] and [1 1]", d.y, d.c)
	}
}
