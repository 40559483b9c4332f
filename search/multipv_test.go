package search

import (
	"context"
	"math/bits"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

// solvedMoves returns the exact value of every move of pos (or of its
// forced pass), by solving the position after it.
func solvedMoves(t *testing.T, e *Engine, pos bitboard.Position) map[int]int {
	t.Helper()
	out := map[int]int{}
	if pos.MustPass() {
		out[bitboard.PassMove] = -e.Solve(context.Background(), pos.Pass(), false).Score
	}
	for m := pos.Moves(); m != 0; m &= m - 1 {
		sq := bits.TrailingZeros64(m)
		out[sq] = -e.Solve(context.Background(), pos.Play(sq), false).Score
	}
	return out
}

// checkSolvedAnalysis checks that an analysis reaching the end gives every
// move its exact value, best first.
func checkSolvedAnalysis(t *testing.T, name string, a Analysis, want map[int]int) {
	t.Helper()
	if !a.Exact || a.Stopped || len(a.Moves) != len(want) {
		t.Fatalf("%s: exact %v, stopped %v, %d moves; want an exact analysis of %d", name, a.Exact, a.Stopped, len(a.Moves), len(want))
	}
	for i, v := range a.Moves {
		if v.Score != want[v.Move] {
			t.Errorf("%s: %s %+d, solved %+d", name, bitboard.SquareName(v.Move), v.Score, want[v.Move])
		}
		if len(v.PV) == 0 || v.PV[0] != v.Move {
			t.Errorf("%s: %s has PV %v", name, bitboard.SquareName(v.Move), v.PV)
		}
		if i > 0 && v.Score > a.Moves[i-1].Score {
			t.Errorf("%s: not best first: %+v", name, a.Moves)
		}
	}
}

func TestAnalyzeGivesEveryMoveItsSolvedValue(t *testing.T) {
	ffo := readFFO(t)[1] // 14 empties
	for _, threads := range []int{1, 2} {
		e := mustNew(t, Options{HashMB: 8, Threads: threads})
		want := solvedMoves(t, e, ffo.pos)
		a := e.Analyze(context.Background(), ffo.pos, Limits{Depth: 20}, 0, nil)
		checkSolvedAnalysis(t, "FFO #1", a, want)
		if a.Moves[0].Move != ffo.best[0] || a.Moves[0].Score != ffo.score {
			t.Errorf("best %s %+d, want %s %+d", bitboard.SquareName(a.Moves[0].Move), a.Moves[0].Score,
				bitboard.SquareName(ffo.best[0]), ffo.score)
		}
		e.Close()
	}
}

func TestAnalyzeOfTheBestThreeAgreesWithAllMoves(t *testing.T) {
	e := mustNew(t, Options{HashMB: 8})
	defer e.Close()
	tested := 0
	for seed := uint64(1); seed <= 8 && tested < 4; seed++ {
		pos := randomPosition(newRand(seed), bitboard.DefaultRules(bitboard.Othello), 12)
		if bits.OnesCount64(pos.Moves()) < 4 {
			continue
		}
		tested++
		all := e.Analyze(context.Background(), pos, Limits{Depth: 20}, 0, nil)
		three := e.Analyze(context.Background(), pos, Limits{Depth: 20}, 3, nil)
		if len(three.Moves) != 3 || !three.Exact {
			t.Fatalf("seed %d: %d moves (exact %v), want the best 3", seed, len(three.Moves), three.Exact)
		}
		for i, v := range three.Moves {
			if v.Score != all.Moves[i].Score {
				t.Errorf("seed %d: best three %+v, all moves %+v", seed, three.Moves, all.Moves)
				break
			}
		}
	}
	if tested == 0 {
		t.Fatal("no random position with four moves")
	}
}

func TestAnalyzeStreamsEachIterationOfEveryMove(t *testing.T) {
	e := mustNew(t, Options{HashMB: 8})
	defer e.Close()
	pos := randomPosition(newRand(3), bitboard.DefaultRules(bitboard.Othello), 40)
	n := bits.OnesCount64(pos.Moves())
	var depths []int
	last := e.Analyze(context.Background(), pos, Limits{Depth: 7}, 0, func(a Analysis) {
		depths = append(depths, a.Depth)
		if len(a.Moves) != n || a.Exact || a.WLD || a.Stopped {
			t.Errorf("depth %d: %d moves (of %d), exact %v, wld %v, stopped %v", a.Depth, len(a.Moves), n, a.Exact, a.WLD, a.Stopped)
		}
	})
	if len(depths) != 7 || depths[0] != 1 || depths[6] != 7 {
		t.Fatalf("reported depths %v, want 1..7", depths)
	}
	if last.Depth != 7 || last.Stopped || len(last.Moves) != n {
		t.Fatalf("result: depth %d, stopped %v, %d moves", last.Depth, last.Stopped, len(last.Moves))
	}
}

func TestAnalyzeForWinLossDrawGivesTheSolvedSigns(t *testing.T) {
	e := mustNew(t, Options{HashMB: 8})
	defer e.Close()
	ffo := readFFO(t)[1]
	want := solvedMoves(t, e, ffo.pos)
	// Level 10 solves 13 empties exactly and 15 for win/loss/draw.
	a := e.Analyze(context.Background(), ffo.pos, Limits{Level: 10}, 0, nil)
	if !a.WLD || a.Exact || len(a.Moves) != len(want) {
		t.Fatalf("wld %v, exact %v, %d moves", a.WLD, a.Exact, len(a.Moves))
	}
	sign := func(v int) int { return max(-1, min(1, v)) }
	for _, v := range a.Moves {
		if v.Score != sign(want[v.Move]) {
			t.Errorf("%s: %+d, solved %+d", bitboard.SquareName(v.Move), v.Score, want[v.Move])
		}
	}
}

func TestAnalyzeValuesAForcedPassAndClassicMoves(t *testing.T) {
	e := mustNew(t, Options{HashMB: 8})
	defer e.Close()
	found := false
	for seed := uint64(1); seed < 400 && !found; seed++ {
		pos := randomPosition(newRand(seed), bitboard.DefaultRules(bitboard.Othello), 1+int(seed%12))
		if pos.MustPass() {
			found = true
			a := e.Analyze(context.Background(), pos, Limits{Depth: 20}, 0, nil)
			checkSolvedAnalysis(t, "forced pass", a, solvedMoves(t, e, pos))
		}
	}
	if !found {
		t.Fatal("no forced pass in the random games")
	}
	classic := randomPosition(newRand(5), bitboard.DefaultRules(bitboard.Classic), 9)
	a := e.Analyze(context.Background(), classic, Limits{Depth: 20}, 0, nil)
	checkSolvedAnalysis(t, "classic", a, solvedMoves(t, e, classic))
	if over := e.Analyze(context.Background(), randomPosition(newRand(1), bitboard.DefaultRules(bitboard.Othello), 0), Limits{}, 0, nil); len(over.Moves) != 0 {
		t.Errorf("a finished game has moves: %+v", over.Moves)
	}
}

func TestAnalyzeStopsWhenCancelledWithTheLastIteration(t *testing.T) {
	e := mustNew(t, Options{HashMB: 8, Threads: 2})
	defer e.Close()
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	ctx, cancel := context.WithCancel(context.Background())
	var reported Analysis
	a := e.Analyze(ctx, pos, Limits{}, 0, func(a Analysis) {
		reported = a
		if a.Depth == 8 {
			cancel() // no limit: only this ends the search
		}
	})
	if !a.Stopped || a.Depth < 8 || a.Depth != reported.Depth || len(a.Moves) != 4 || a.Moves[0].Score != reported.Moves[0].Score {
		t.Fatalf("after a cancel at depth 8: %+v, last reported %+v", a, reported)
	}
}
