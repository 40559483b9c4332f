package train

import (
	"context"
	"math"
	"sync"
	"sync/atomic"
)

// chunks is the number of fixed parts the positions are split into for the
// threads. Sums are taken part by part in a fixed order, so the weights are
// the same bit for bit whatever the number of threads.
const chunks = 8

// solver holds the buffers of a conjugate-gradient fit on several threads.
type solver struct {
	d       *phaseData
	threads int
	grads   [chunks][]float64 // per-part accumulators of the transposed product
}

func newSolver(d *phaseData, size, threads int) *solver {
	s := &solver{d: d, threads: threads}
	for c := range s.grads {
		s.grads[c] = make([]float64, size)
	}
	return s
}

// parallel runs body over the parts of the positions on the threads.
func (s *solver) parallel(body func(c, lo, hi int)) {
	n := s.d.len()
	var next atomic.Int32
	var wg sync.WaitGroup
	for range s.threads {
		wg.Go(func() {
			for c := int(next.Add(1)) - 1; c < chunks; c = int(next.Add(1)) - 1 {
				body(c, n*c/chunks, n*(c+1)/chunks)
			}
		})
	}
	wg.Wait()
}

// mul sets q to the predictions of weights w: q = A w.
func (s *solver) mul(w, q []float32) {
	d := s.d
	s.parallel(func(_, lo, hi int) {
		for i := lo; i < hi; i++ {
			var sum float32
			for _, k := range d.idx[i*d.nf : (i+1)*d.nf] {
				sum += w[k]
			}
			q[i] = sum
		}
	})
}

// mulT sets g to the transposed product g = Aᵀ r.
func (s *solver) mulT(r []float32, g []float32) {
	d := s.d
	s.parallel(func(c, lo, hi int) {
		acc := s.grads[c]
		clear(acc)
		for i := lo; i < hi; i++ {
			ri := float64(r[i])
			for _, k := range d.idx[i*d.nf : (i+1)*d.nf] {
				acc[k] += ri
			}
		}
	})
	for k := range g {
		var sum float64
		for c := range s.grads {
			sum += s.grads[c][k]
		}
		g[k] = float32(sum)
	}
}

// fit minimises Σ c·(A w - y)² + lambda·|w - w0|², c the positions'
// weights, by conjugate gradient on the normal equations
// (AᵀCA + lambda·I) u = AᵀC(y - A w0) for u = w - w0, preconditioned by
// their diagonal (each slot's summed weight plus lambda): slots
// are seen from once to millions of times, and without the preconditioner
// the rare ones need hundreds of iterations. It starts from w = w0, runs
// iters iterations and returns w; slots that no position uses keep their
// w0 value. Once ctx is done it stops after the iteration under way, and
// its caller, seeing ctx.Err(), discards w.
func (s *solver) fit(ctx context.Context, w0 []float32, lambda float64, iters int) []float32 {
	d := s.d
	n, m := d.len(), len(w0)
	inv := make([]float32, m) // the inverse of the diagonal
	for i, c := range d.c {
		for _, k := range d.idx[i*d.nf : (i+1)*d.nf] {
			inv[k] += c
		}
	}
	for k := range inv {
		inv[k] = float32(1 / (float64(inv[k]) + lambda))
	}
	r := make([]float32, n)
	s.mul(w0, r)
	for i := range r {
		r[i] = d.c[i] * (d.y[i] - r[i])
	}
	g := make([]float32, m) // the residual of the normal equations
	s.mulT(r, g)
	z := make([]float32, m)
	for k := range z {
		z[k] = inv[k] * g[k]
	}
	p := append([]float32(nil), z...)
	gamma := dot(g, z)
	u := make([]float32, m)
	q := make([]float32, n)
	hp := make([]float32, m)
	for it := 0; it < iters && gamma > 0 && ctx.Err() == nil; it++ {
		s.mul(p, q)
		for i := range q {
			q[i] *= d.c[i]
		}
		s.mulT(q, hp)
		for k := range hp {
			hp[k] += float32(lambda) * p[k]
		}
		php := dot(p, hp)
		if php == 0 {
			break
		}
		alpha := float32(gamma / php)
		for k := range u {
			u[k] += alpha * p[k]
			g[k] -= alpha * hp[k]
			z[k] = inv[k] * g[k]
		}
		next := dot(g, z)
		beta := float32(next / gamma)
		gamma = next
		for k := range p {
			p[k] = z[k] + beta*p[k]
		}
	}
	w := make([]float32, m)
	for k := range w {
		w[k] = w0[k] + u[k]
	}
	return w
}

// rms returns the root mean square error of weights w on the positions,
// each counted once.
func (s *solver) rms(w []float32) float64 {
	q := make([]float32, s.d.len())
	s.mul(w, q)
	var sum float64
	for i, v := range q {
		e := float64(v - s.d.y[i])
		sum += e * e
	}
	return math.Sqrt(sum / float64(max(1, len(q))))
}

func dot(a, b []float32) float64 {
	var s float64
	for i := range a {
		s += float64(a[i]) * float64(b[i])
	}
	return s
}
