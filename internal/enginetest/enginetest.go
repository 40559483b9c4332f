// Package enginetest makes the search engines of other packages' tests.
package enginetest

import (
	"testing"

	"github.com/sable-othello/sable/search"
)

// New returns search.New(o), failing the test when the engine cannot be
// made (a table too large for the memory available). The caller closes it.
func New(t testing.TB, o search.Options) *search.Engine {
	t.Helper()
	e, err := search.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return e
}
