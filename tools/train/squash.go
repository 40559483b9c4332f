package train

import (
	"context"
	"math"
	"slices"
)

// squashSteps is the number of Gauss-Newton refits for Config.Squash after
// the plain fit. With squash 12 two come within 0.001 disc of the optimum
// on a board labelled 0 and 16 (5.999 against 6), but stop 1 disc short on
// one labelled 0 and 40 (7.9 against 8.9); the fits measured in
// docs/training.md (2026-12-04, second session) used two.
const squashSteps = 2

// squashFit refits w, the plain least-squares fit, for the loss
// Σ c·(g(A w) - g(y))², where g(x) = scale·atan(x/scale) is the identity
// near zero and flattens towards ±scale·π/2: a position won or lost by far
// costs little, however far its prediction, while the weights keep their
// scale in discs. Each Gauss-Newton step linearises g at the current
// predictions q, which makes the loss a weighted least-squares fit, with
// weights c·g'(q)² and targets q + (g(y) - g(q))/g'(q), solved by fit and
// regularised towards the weights of the step before. Like fit, it stops
// early once ctx is done.
func (s *solver) squashFit(ctx context.Context, w []float32, scale, lambda float64, iters int) []float32 {
	d := s.d
	c, y := slices.Clone(d.c), slices.Clone(d.y)
	defer func() { d.c, d.y = c, y }() // rms measures against the labels
	q := make([]float32, d.len())
	for range squashSteps {
		s.mul(w, q)
		for i, qi := range q {
			r := float64(qi) / scale
			slope := 1 / (1 + r*r)
			d.c[i] = c[i] * float32(slope*slope)
			d.y[i] = float32(float64(qi) + (scale*math.Atan(float64(y[i])/scale)-scale*math.Atan(r))/slope)
		}
		w = s.fit(ctx, w, lambda, iters)
	}
	return w
}
