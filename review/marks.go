package review

import (
	"fmt"
	"strconv"
	"strings"
)

// Mark grades a move by the discs it lost.
type Mark uint8

const (
	// Good is a move that lost less than an inaccuracy.
	Good Mark = iota
	// Inaccuracy is a small loss.
	Inaccuracy
	// Mistake is a loss that decides close games.
	Mistake
	// Blunder is a loss that usually turns a game.
	Blunder
	// NumMarks counts the marks, for per-mark totals.
	NumMarks
)

// String names the mark as the move table shows it ("" for Good).
func (m Mark) String() string {
	return [...]string{"", "inaccuracy", "mistake", "blunder"}[m]
}

// Symbol is the annotation players write after such a move.
func (m Mark) Symbol() string {
	return [...]string{"", "?!", "?", "??"}[m]
}

// Thresholds are the smallest losses, in discs, that earn each mark.
type Thresholds struct{ Inaccuracy, Mistake, Blunder int }

// DefaultThresholds are the marks' thresholds unless the user sets others:
//   - 2 discs for an inaccuracy: the smallest loss an exact value can show,
//     as final disc differences on a full board are even;
//   - 6 for a mistake: about the mean error of the static evaluation (6.8
//     discs on the evalpos positions, see "sable eval"), so that a mistake
//     stands out of the noise of the searched values;
//   - 12 for a blunder: twice that, a loss that usually turns a close game.
func DefaultThresholds() Thresholds { return Thresholds{Inaccuracy: 2, Mistake: 6, Blunder: 12} }

// Mark grades a loss.
func (t Thresholds) Mark(loss int) Mark {
	switch {
	case loss >= t.Blunder:
		return Blunder
	case loss >= t.Mistake:
		return Mistake
	case loss >= t.Inaccuracy:
		return Inaccuracy
	}
	return Good
}

// String writes the thresholds as ParseThresholds reads them.
func (t Thresholds) String() string {
	return fmt.Sprintf("%d,%d,%d", t.Inaccuracy, t.Mistake, t.Blunder)
}

// ParseThresholds reads "I,M,B": the losses in discs of an inaccuracy, a
// mistake and a blunder, increasing and at least 1.
func ParseThresholds(s string) (Thresholds, error) {
	parts := strings.Split(s, ",")
	var v [3]int
	ok := len(parts) == 3
	for i := 0; ok && i < 3; i++ {
		var err error
		v[i], err = strconv.Atoi(strings.TrimSpace(parts[i]))
		ok = err == nil && v[i] >= 1 && (i == 0 || v[i] > v[i-1])
	}
	if !ok {
		return Thresholds{}, fmt.Errorf("bad marks %q (want three increasing losses in discs, e.g. %s)", s, DefaultThresholds())
	}
	return Thresholds{Inaccuracy: v[0], Mistake: v[1], Blunder: v[2]}, nil
}
