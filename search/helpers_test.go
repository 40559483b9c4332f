package search

import (
	"math/rand/v2"
	"testing"
)

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, seed^0x5eed)) }

// mustNew returns a new engine, failing the test when it cannot be made.
func mustNew(t testing.TB, o Options) *Engine {
	t.Helper()
	e, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
