package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// z95 is the two-sided 95% quantile of the normal distribution.
const z95 = 1.959963984540054

// pairScores are the points of the five pentanomial outcomes of a pair of
// games, as a fraction of the two games: LL, LD, DD or WL, WD, WW.
var pairScores = [5]float64{0, 0.25, 0.5, 0.75, 1}

// Estimate is an Elo difference with its 95% confidence interval.
type Estimate struct {
	Elo, Low, High float64
}

// String writes the estimate as "+35.2 [+10.0, +60.1]".
func (e Estimate) String() string {
	return fmt.Sprintf("%s [%s, %s]", formatElo(e.Elo), formatElo(e.Low), formatElo(e.High))
}

// formatElo writes an Elo difference with its sign; "-" when unknown.
func formatElo(x float64) string {
	switch {
	case math.IsNaN(x):
		return "-"
	case math.IsInf(x, 1):
		return "+inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	return fmt.Sprintf("%+.1f", x)
}

// EloFromScore is the logistic Elo difference of a score fraction:
// -400 log10(1/s - 1). A score of 1 is +Inf, 0 is -Inf.
func EloFromScore(s float64) float64 { return -400 * math.Log10(1/s-1) }

// scoreFromElo is the score fraction expected at an Elo difference.
func scoreFromElo(elo float64) float64 { return 1 / (1 + math.Pow(10, -elo/400)) }

// TrinomialElo estimates the Elo difference from wins, draws and losses
// taken as independent games: the mean score s, its standard error from the
// per-game variance, and the interval s ± 1.96 se carried through
// EloFromScore. No games give NaN.
func TrinomialElo(wins, draws, losses int) Estimate {
	return estimate([]float64{1, 0.5, 0}, []float64{float64(wins), float64(draws), float64(losses)})
}

// PentanomialElo estimates the Elo difference from colour-swapped pairs:
// pairs[k] pairs scored k half-points of 2 (LL, LD, DD or WL, WD, WW). The
// variance is that of the pair scores, which takes the correlation of the
// two games on one opening into account.
func PentanomialElo(pairs [5]int) Estimate {
	counts := make([]float64, 5)
	for i, n := range pairs {
		counts[i] = float64(n)
	}
	return estimate(pairScores[:], counts)
}

// estimate turns a score distribution into an Estimate.
func estimate(values, counts []float64) Estimate {
	n, mean, variance := moments(values, counts)
	if n == 0 {
		return Estimate{math.NaN(), math.NaN(), math.NaN()}
	}
	se := math.Sqrt(variance / n)
	lo, hi := max(mean-z95*se, 0), min(mean+z95*se, 1)
	return Estimate{Elo: EloFromScore(mean), Low: EloFromScore(lo), High: EloFromScore(hi)}
}

// moments returns the total count, the mean and the (population) variance of
// values weighted by counts.
func moments(values, counts []float64) (n, mean, variance float64) {
	for i, c := range counts {
		n += c
		mean += c * values[i]
	}
	if n == 0 {
		return 0, 0, 0
	}
	mean /= n
	for i, c := range counts {
		variance += c * (values[i] - mean) * (values[i] - mean)
	}
	return n, mean, variance / n
}

// SPRT is a sequential probability ratio test of H0: Elo = Elo0 against
// H1: Elo = Elo1 (logistic Elo), with false positive rate Alpha and false
// negative rate Beta.
type SPRT struct {
	Elo0, Elo1, Alpha, Beta float64
}

// ParseSPRT reads key=value fields: elo0, elo1, alpha and beta (alpha and
// beta default to 0.05).
func ParseSPRT(fields []string) (SPRT, error) {
	s := SPRT{Alpha: 0.05, Beta: 0.05}
	seen := map[string]bool{}
	for _, f := range fields {
		key, val, ok := strings.Cut(f, "=")
		x, err := strconv.ParseFloat(val, 64)
		if !ok || err != nil {
			return s, fmt.Errorf("sprt option %q: want KEY=NUMBER", f)
		}
		switch key {
		case "elo0":
			s.Elo0 = x
		case "elo1":
			s.Elo1 = x
		case "alpha":
			s.Alpha = x
		case "beta":
			s.Beta = x
		default:
			return s, fmt.Errorf("unknown sprt option %q (want elo0, elo1, alpha or beta)", key)
		}
		seen[key] = true
	}
	switch {
	case !seen["elo0"] || !seen["elo1"]:
		return s, fmt.Errorf("sprt %v: elo0 and elo1 are required", fields)
	case s.Elo1 <= s.Elo0:
		return s, fmt.Errorf("sprt: elo1 %g must exceed elo0 %g", s.Elo1, s.Elo0)
	case s.Alpha <= 0 || s.Alpha >= 0.5 || s.Beta <= 0 || s.Beta >= 0.5:
		return s, fmt.Errorf("sprt: alpha %g and beta %g must lie in (0, 0.5)", s.Alpha, s.Beta)
	}
	return s, nil
}

// String writes the test as ParseSPRT reads it.
func (s SPRT) String() string {
	return fmt.Sprintf("elo0=%g elo1=%g alpha=%g beta=%g", s.Elo0, s.Elo1, s.Alpha, s.Beta)
}

// Bounds returns Wald's stopping bounds on the log-likelihood ratio:
// ln(beta/(1-alpha)) below which H0 is accepted, ln((1-beta)/alpha) above
// which H1 is.
func (s SPRT) Bounds() (lower, upper float64) {
	return math.Log(s.Beta / (1 - s.Alpha)), math.Log((1 - s.Beta) / s.Alpha)
}

// sprtEpsilon stands in for an empty pentanomial count, as fishtest's
// LLRcalc does, so that a one-sided sample still has a spread.
const sprtEpsilon = 1e-3

// LLR is the log-likelihood ratio of the pairs under H1 against H0, in the
// normal approximation of the generalised SPRT (as fishtest computes it):
// N (s1 - s0) (2 mean - s0 - s1) / (2 var), with N pairs, the mean and
// variance of the pair scores, and s0, s1 the scores the two hypotheses
// expect.
func (s SPRT) LLR(pairs [5]int) float64 {
	counts := make([]float64, 5)
	for i, n := range pairs {
		counts[i] = max(float64(n), sprtEpsilon)
	}
	if pairs == [5]int{} {
		return 0
	}
	n, mean, variance := moments(pairScores[:], counts)
	s0, s1 := scoreFromElo(s.Elo0), scoreFromElo(s.Elo1)
	return n * (s1 - s0) * (2*mean - s0 - s1) / (2 * variance)
}

// sprtMinPairs is the fewest complete pairs on which the SPRT decides: the
// normal approximation means nothing on a handful of pairs (a single LL pair
// gives an LLR of -20.6 for elo0=0, elo1=50, far past the bound of -2.94).
const sprtMinPairs = 20

// Decide returns +1 when the pairs accept H1, -1 when they accept H0, and 0
// while the test goes on, as it always does on fewer than 20 pairs.
func (s SPRT) Decide(pairs [5]int) int {
	if pairs[0]+pairs[1]+pairs[2]+pairs[3]+pairs[4] < sprtMinPairs {
		return 0
	}
	llr := s.LLR(pairs)
	lower, upper := s.Bounds()
	switch {
	case llr >= upper:
		return 1
	case llr <= lower:
		return -1
	}
	return 0
}
