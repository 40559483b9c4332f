package bench

import (
	"io"
	"testing"

	"github.com/sable-othello/sable/search"
)

// signatureDepth6 is the total node count of "sable bench --depth 6". A
// change of it means the search's behaviour changed: update it (and the
// README's default-depth signature) only when that change is intended.
const signatureDepth6 = 275475

func TestBenchReproducesItsSignature(t *testing.T) {
	for run := 0; run < 2; run++ {
		eng := search.New(search.Options{HashMB: 16, SolvedEntries: -1})
		got := Run(eng, search.Limits{Depth: 6}, io.Discard)
		eng.Close()
		if got.Nodes != signatureDepth6 {
			t.Fatalf("run %d: bench signature %d, want %d", run+1, got.Nodes, signatureDepth6)
		}
	}
}

func TestBenchCoversEveryPhase(t *testing.T) {
	pos := Positions()
	if len(pos) < 30 {
		t.Fatalf("%d bench positions, want at least 30", len(pos))
	}
	seen := map[int]bool{}
	for _, p := range pos {
		seen[p.Board.NumEmpties()/10] = true // 20s, 30s, 40s, 50s
	}
	if len(seen) < 4 {
		t.Fatalf("bench positions cover only %d phases", len(seen))
	}
}
