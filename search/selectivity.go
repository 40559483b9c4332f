package search

import (
	"math"
	"strconv"
	"strings"
)

// A search's selectivity is how sure a probabilistic cut (probcut.go) must
// be. A selectivity level indexes selectivityT and selectivityPercent, from
// 0 (73%, the most cuts) to noProbcut.

// noProbcut is the selectivity level of a search, or a table entry, with
// no probabilistic cut.
const noProbcut = 5

// selectivityT[s] is the cut's margin in standard deviations of the MPC
// error model at level s, and selectivityPercent[s] the confidence that
// gives under a normal error model.
var (
	selectivityT       = [noProbcut + 1]float64{1.1, 1.5, 2.0, 2.6, 3.3, math.Inf(1)}
	selectivityPercent = [noProbcut + 1]int{73, 87, 95, 98, 99, 100}
)

// selectivityIndex returns the strongest selectivity level whose confidence
// is at least percent (100 or more: no probabilistic cut).
func selectivityIndex(percent int) uint8 {
	for i, p := range selectivityPercent {
		if p >= percent {
			return uint8(i)
		}
	}
	return noProbcut
}

// SelectivityChoices lists the probcut confidences in percent that a search
// distinguishes, for flag help: "73, 87, 95, 98, 99 or 100 (none)".
func SelectivityChoices() string {
	p := make([]string, len(selectivityPercent))
	for i, v := range selectivityPercent {
		p[i] = strconv.Itoa(v)
	}
	return strings.Join(p[:noProbcut], ", ") + " or " + p[noProbcut] + " (none)"
}
