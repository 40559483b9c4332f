package evalcheck

import (
	"testing"

	"github.com/sable-othello/sable/internal/errstats"
)

func TestFormatErrorsMAERMSAndBias(t *testing.T) {
	var s errstats.Stats
	s.Add(3, 0)
	s.Add(-1, 0)
	s.Add(5, 4)
	// errors +3, -1, +1: MAE 5/3, RMS sqrt(11/3), bias 1
	if got, want := formatErrors(&s)[:20], "  1.67   1.91  +1.00"; got != want {
		t.Errorf("stats %q, want %q", got, want)
	}
}
