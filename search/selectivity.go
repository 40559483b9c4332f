package search

import "math"

// A search's selectivity is how sure a probabilistic cut (probcut.go) must
// be: a level indexes selectivityT and selectivityPercent, from 73% (cut
// most) to maxSelectivity, no probabilistic cut.

// maxSelectivity marks a result with no probabilistic cut.
const maxSelectivity = 5

// Selectivity levels: index into selectivityT. maxSelectivity (5) is "no
// probabilistic cut"; the percentages are the confidence of each cut under a
// normal error model.
var (
	selectivityT       = [maxSelectivity + 1]float64{1.1, 1.5, 2.0, 2.6, 3.3, math.Inf(1)}
	selectivityPercent = [maxSelectivity + 1]int{73, 87, 95, 98, 99, 100}
)

// selectivityIndex returns the strongest selectivity level whose confidence
// is at least percent (100 or more: no probabilistic cut).
func selectivityIndex(percent int) uint8 {
	for i, p := range selectivityPercent {
		if p >= percent {
			return uint8(i)
		}
	}
	return maxSelectivity
}
