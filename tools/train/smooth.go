package train

// smooth mixes each weight with the same weight in the neighbouring phases:
// every phase's value counts as often as the weight was seen in that phase,
// times kernel for a neighbour (1 for the phase itself). Weights seen rarely
// in their own phase lean on their neighbours; weights seen in no phase
// nearby keep their value. A phase without counts (not fitted in this run)
// keeps its weights and lends them to no neighbour.
func smooth(w [][]float32, counts [][]uint32, kernel float64) [][]float32 {
	out := make([][]float32, len(w))
	for p := range w {
		if counts[p] == nil {
			out[p] = w[p]
			continue
		}
		out[p] = make([]float32, len(w[p]))
		for k := range w[p] {
			var num, den float64
			for q := max(0, p-1); q <= min(len(w)-1, p+1); q++ {
				if counts[q] == nil {
					continue
				}
				f := kernel
				if q == p {
					f = 1
				}
				c := f * float64(counts[q][k])
				num += c * float64(w[q][k])
				den += c
			}
			out[p][k] = w[p][k]
			if den > 0 {
				out[p][k] = float32(num / den)
			}
		}
	}
	return out
}
