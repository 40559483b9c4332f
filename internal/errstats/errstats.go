// Package errstats accumulates the errors of estimates against reference
// values (an evaluation against exact scores, for instance): mean absolute
// error, root mean square, bias and correlation. "sable eval" and "sable
// train" report their errors with it.
package errstats

import "math"

// Stats accumulates estimate/reference pairs. The zero value is empty.
type Stats struct {
	n              int
	sum, abs, sqr  float64 // of the errors
	sumEst, sumRef float64 // for the correlation
	sqEst, sqRef   float64
	prod           float64
}

// Add records one estimate of the reference value ref.
func (s *Stats) Add(est, ref float64) {
	d := est - ref
	s.n++
	s.sum += d
	s.abs += math.Abs(d)
	s.sqr += d * d
	s.sumEst += est
	s.sumRef += ref
	s.sqEst += est * est
	s.sqRef += ref * ref
	s.prod += est * ref
}

// Merge adds the pairs recorded in o.
func (s *Stats) Merge(o *Stats) {
	s.n += o.n
	s.sum += o.sum
	s.abs += o.abs
	s.sqr += o.sqr
	s.sumEst += o.sumEst
	s.sumRef += o.sumRef
	s.sqEst += o.sqEst
	s.sqRef += o.sqRef
	s.prod += o.prod
}

// N returns the number of pairs recorded.
func (s *Stats) N() int { return s.n }

// MAE returns the mean absolute error (0 when empty).
func (s *Stats) MAE() float64 { return s.abs / float64(max(1, s.n)) }

// RMS returns the root mean square error (0 when empty).
func (s *Stats) RMS() float64 { return math.Sqrt(s.sqr / float64(max(1, s.n))) }

// Bias returns the mean signed error, estimate minus reference (0 when
// empty).
func (s *Stats) Bias() float64 { return s.sum / float64(max(1, s.n)) }

// Corr returns the correlation of the estimates with the references, and
// false when it is undefined (fewer than two pairs, or either side constant).
func (s *Stats) Corr() (float64, bool) {
	n := float64(s.n)
	cov := s.prod/n - s.sumEst/n*s.sumRef/n
	den := math.Sqrt((s.sqEst/n - s.sumEst*s.sumEst/n/n) * (s.sqRef/n - s.sumRef*s.sumRef/n/n))
	if s.n < 2 || !(den > 0) {
		return 0, false
	}
	return cov / den, true
}
