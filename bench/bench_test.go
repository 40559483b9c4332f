package bench

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/enginetest"
	"github.com/sable-othello/sable/internal/shareddata"
	"github.com/sable-othello/sable/search"
)

// signatureDepth6 is the total node count of "sable bench --depth 6". A
// change of it means the search's behaviour changed: update it (and the
// README's default-depth signature) only when that change is intended.
const signatureDepth6 = 200567

func TestBenchReproducesItsSignature(t *testing.T) {
	for run := 0; run < 2; run++ {
		eng := enginetest.New(t, search.Options{HashMB: 16})
		got := Run(eng, search.Limits{Depth: 6}, io.Discard)
		eng.Close()
		if got.Nodes != signatureDepth6 {
			t.Fatalf("run %d: bench signature %d, want %d", run+1, got.Nodes, signatureDepth6)
		}
	}
}

// signatureEndgameSmall is the total node count of RunEndgame over FFO #1-#4
// (14 empties each), the small version of the endgame bench: like the
// depth-6 signature, it changes only when the endgame search's behaviour
// does (update it and the README's endgame signature together).
const signatureEndgameSmall = 117001

func TestEndgameBenchReproducesItsSignature(t *testing.T) {
	text, err := os.ReadFile(shareddata.Path(t, "ffo/fforum-1-19.obf"))
	if err != nil {
		t.Fatal(err)
	}
	lines, err := bitboard.ReadOBF(bytes.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	lines = lines[:4]
	for run := 0; run < 2; run++ {
		eng := enginetest.New(t, search.Options{HashMB: 16})
		got := RunEndgame(eng, lines, io.Discard)
		eng.Close()
		if got.Wrong != 0 {
			t.Fatalf("run %d: %d of %d scores wrong", run+1, got.Wrong, len(lines))
		}
		if got.Nodes != signatureEndgameSmall {
			t.Fatalf("run %d: endgame signature %d, want %d", run+1, got.Nodes, signatureEndgameSmall)
		}
	}
}

func TestEndgameBenchFlagsAWrongScore(t *testing.T) {
	l, err := bitboard.ParseOBF("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+16")
	if err != nil {
		t.Fatal(err)
	}
	eng := enginetest.New(t, search.Options{HashMB: 16})
	defer eng.Close()
	if got := RunEndgame(eng, []bitboard.OBFLine{l}, io.Discard); got.Wrong != 1 {
		t.Fatalf("FFO #1 given +16 instead of +18: %d wrong, want 1", got.Wrong)
	}
}

func TestEndgamePositionsHaveKnownScores(t *testing.T) {
	lines := EndgamePositions()
	if len(lines) != 5 {
		t.Fatalf("%d endgame bench positions, want 5 (FFO #40-#44)", len(lines))
	}
	for i, l := range lines {
		if _, ok := l.BestScore(); !ok {
			t.Errorf("endgame position %d has no known score", i+1)
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
