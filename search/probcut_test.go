package search

import (
	"context"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

func TestProbcutModelReadsWhatItWritesAndRefusesTheRest(t *testing.T) {
	m := DefaultProbcut()
	got, err := ParseProbcutModel(m.String())
	if err != nil || got != m {
		t.Fatalf("%q read back as %+v, %v", m.String(), got, err)
	}
	if got, err := ParseProbcutModel(" 5.5, -0.06 ,0.27,-0.63"); err != nil || got != (ProbcutModel{5.5, -0.06, 0.27, -0.63}) {
		t.Errorf("spaces around the numbers: %+v, %v", got, err)
	}
	for _, bad := range []string{"", "1,2,3", "1,2,3,4,5", "1,2,x,4", "NaN,1,1,1", "1,+Inf,1,1", "1;2;3;4"} {
		if _, err := ParseProbcutModel(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := ParseProbcutModel("1,2,x,4"); err == nil || !strings.Contains(err.Error(), `"x"`) {
		t.Errorf("the error does not name the bad number: %v", err)
	}
}

// The engine's model decides where probcut cuts: the embedded weights' fit
// given explicitly searches the very tree of the default, a model that
// trusts shallow searches more cuts more, and one that trusts them less
// cuts less.
func TestTheEnginesProbcutModelDecidesItsCuts(t *testing.T) {
	pos := randomPosition(newRand(11), bitboard.DefaultRules(bitboard.Othello), 40)
	nodes := func(m *ProbcutModel) uint64 {
		e := mustNew(t, Options{HashMB: 8, Probcut: m})
		defer e.Close()
		return e.Search(context.Background(), pos, Limits{Level: 12}, nil).Nodes
	}
	def := DefaultProbcut()
	tight, loose := def, def
	tight.A -= 2
	loose.A += 4
	n, same, fewer, more := nodes(nil), nodes(&def), nodes(&tight), nodes(&loose)
	if same != n {
		t.Errorf("the default model given explicitly searched %d nodes, left out %d", same, n)
	}
	if !(fewer < n && n < more) {
		t.Errorf("nodes with sigma 2 discs lower, the default and 4 higher: %d, %d, %d", fewer, n, more)
	}
}
