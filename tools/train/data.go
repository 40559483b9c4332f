package train

import (
	"fmt"
	"math"
	"slices"

	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/tools/dataset"
)

// phaseData is the training matrix of one phase: for each position, the
// model's weight slots that it uses (each with coefficient one), its target,
// its weight in the fit, and how many times --labels lists its file.
type phaseData struct {
	nf    int     // features per position
	idx   []int32 // nf weight slots per position
	y     []float32
	c     []float32
	times []uint32
}

// labelSet is the labels of one file and how many times --labels lists it.
// A file listed twice weighs twice in the fit, as if each listing had been
// loaded, but is held in memory and read once: the 130 M positions of the
// whole corpus, every file listed twice, took 10.7 GB resident and 68 s to
// load with each listing loaded, and take 2.4 GB and 12 s so.
type labelSet struct {
	labels []dataset.Label
	times  int
	sum    string // the file's checksum, for the checkpoint's fingerprint
}

// loadLabels reads the labels files of paths, each file once, keeping the
// labels that keep accepts, and returns them with the checksum of each
// listed file in the order of paths.
func loadLabels(paths []string, keep func(*dataset.Label) bool) ([]labelSet, []string, error) {
	var sets []labelSet
	var sums []string
	at := map[string]int{} // path -> its set
	for _, path := range paths {
		i, ok := at[path]
		if ok {
			sets[i].times++
		} else {
			l, sum, err := dataset.ReadLabels(path)
			if err != nil {
				return nil, nil, err
			}
			kept := slices.DeleteFunc(l, func(x dataset.Label) bool { return !keep(&x) })
			if len(kept) < len(l)/2 {
				kept = slices.Clone(kept) // let the rest go
			}
			i, at[path] = len(sets), len(sets)
			sets = append(sets, labelSet{labels: kept, times: 1, sum: fmt.Sprintf("%08x", sum)})
		}
		sums = append(sums, sets[i].sum)
	}
	return sets, sums, nil
}

// countLabels returns the number of labels of sets, each as often as its
// file is listed, and each once.
func countLabels(sets []labelSet) (listed, held int) {
	for _, s := range sets {
		listed += len(s.labels) * s.times
		held += len(s.labels)
	}
	return listed, held
}

// len returns the number of positions.
func (d *phaseData) len() int { return len(d.y) }

// heldOut reports whether a position belongs to the held-out set: a
// deterministic hash of the canonical board, so symmetric positions and
// every rerun agree.
func heldOut(l *dataset.Label, percent int) bool {
	return mix(l.P^mix(l.O))%100 < uint64(percent)
}

// mix is the splitmix64 finaliser.
func mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// positionWeight is the weight of a position in the fit: the square root of
// the number of times it occurred. Frequent opening positions, whose
// averaged targets are precise, count more without drowning the others:
// on WTHOR this brings the start position from +4 to +1 disc (its target is
// +1) and leaves the held-out error of every phase within 0.15 disc.
func positionWeight(l *dataset.Label) float32 {
	return float32(math.Sqrt(float64(max(1, l.Count))))
}

// focusWeight is the factor of a position's weight for its label y with
// Config.Focus f: 1/(1+(y/f)²), or 1 when f is 0. Squared errors make the
// fit follow the large labels of lost and won positions, where a search's
// choice hardly matters; on the whole corpus, f = 16 played +19.5 Elo
// [+5.1, +33.9] at level 10 against the embedded weights, where the same
// fit without it played -7.1 [-21.5, +7.2] (2000 games each).
func focusWeight(y int8, f float64) float32 {
	if f == 0 {
		return 1
	}
	r := float64(y) / f
	return float32(1 / (1 + r*r))
}

// buildPhase gathers the positions of one phase of model m, the held-out
// ones or the training ones, weighted with focus f (see focusWeight).
func buildPhase(m *eval.Model, sets []labelSet, phase, holdout int, held bool, f float64) *phaseData {
	d := &phaseData{nf: m.Slots()}
	for _, set := range sets {
		for i := range set.labels {
			l := &set.labels[i]
			if m.Phase(l.Empties()) != phase || heldOut(l, holdout) != held {
				continue
			}
			n := len(d.idx)
			d.idx = append(d.idx, make([]int32, d.nf)...)
			m.WeightSlots(l.P, l.O, d.idx[n:])
			d.y = append(d.y, float32(l.Score))
			d.c = append(d.c, float32(set.times)*positionWeight(l)*focusWeight(l.Score, f))
			d.times = append(d.times, uint32(set.times))
		}
	}
	return d
}

// counts returns how often each weight slot is used by the positions, each
// as often as its file is listed (for smoothing: how well the phase knows
// each weight).
func (d *phaseData) counts(size int) []uint32 {
	c := make([]uint32, size)
	for i, t := range d.times {
		for _, k := range d.idx[i*d.nf : (i+1)*d.nf] {
			c[k] += t
		}
	}
	return c
}
