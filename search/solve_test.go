package search

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/shareddata"
)

// ffoCase is one FFO position with its known best moves and score.
type ffoCase struct {
	id    int
	pos   bitboard.Position
	best  []int
	score int
}

// readFFO reads ../shared/data/ffo/answers.tsv.
func readFFO(t testing.TB) map[int]ffoCase {
	t.Helper()
	f, err := os.Open(shareddata.Path(t, "ffo/answers.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	out := map[int]ffoCase{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || strings.HasPrefix(line, "id") {
			continue
		}
		fs := strings.Split(line, "\t")
		var c ffoCase
		fmt.Sscan(fs[0], &c.id)
		fmt.Sscan(fs[4], &c.score)
		for _, m := range strings.Split(fs[3], ",") {
			sq, err := bitboard.ParseSquare(m)
			if err != nil {
				t.Fatal(err)
			}
			c.best = append(c.best, sq)
		}
		b, side, err := bitboard.ParseBoardString(fs[6] + " " + fs[2])
		if err != nil {
			t.Fatal(err)
		}
		c.pos = bitboard.FromBoard(b, side, bitboard.DefaultRules(bitboard.Othello))
		out[c.id] = c
	}
	return out
}

func checkFFO(t *testing.T, e *Engine, c ffoCase) {
	t.Helper()
	r := e.Solve(context.Background(), c.pos, false)
	ok := false
	for _, m := range c.best {
		ok = ok || m == r.Move
	}
	if r.Score != c.score || !ok {
		t.Errorf("FFO #%d: got %s %+d, want %v %+d", c.id, bitboard.SquareName(r.Move), r.Score, c.best, c.score)
	}
}

func TestSolveFFO1To19(t *testing.T) {
	cases := readFFO(t)
	e := mustNew(t, Options{HashMB: 16})
	for id := 1; id <= 19; id++ {
		checkFFO(t, e, cases[id])
	}
}

// minimax is the plain reference: negamax with alpha-beta and no ordering,
// over Position, so it follows the same rules but shares no code with the
// solver.
func minimax(pos bitboard.Position, alpha, beta int) int {
	moves := pos.Moves()
	if moves == 0 {
		q := pos.Pass()
		if q.Moves() == 0 {
			return pos.Score()
		}
		return -minimax(q, -beta, -alpha)
	}
	best := -1000
	for sq := 0; sq < 64; sq++ {
		if moves&bitboard.Bit(sq) == 0 {
			continue
		}
		v := -minimax(pos.Play(sq), -beta, -max(alpha, best))
		if v > best {
			best = v
			if v >= beta {
				break
			}
		}
	}
	return best
}

// randomPosition plays random moves from the start of the rules until
// empties squares are left (or the game ends).
func randomPosition(rng interface{ IntN(int) int }, r bitboard.Rules, empties int) bitboard.Position {
	pos := bitboard.NewGame(r)
	for pos.Board.NumEmpties() > empties && !pos.GameOver() {
		m := pos.Moves()
		if m == 0 {
			pos = pos.Pass()
			continue
		}
		var sqs []int
		for sq := 0; sq < 64; sq++ {
			if m&bitboard.Bit(sq) != 0 {
				sqs = append(sqs, sq)
			}
		}
		pos = pos.Play(sqs[rng.IntN(len(sqs))])
	}
	return pos
}

func TestSolverEqualsMinimaxOnRandomPositions(t *testing.T) {
	rng := newRand(7)
	e := mustNew(t, Options{HashMB: 4})
	rulesSets := []bitboard.Rules{
		{Variant: bitboard.Othello, Scoring: bitboard.WOF},
		{Variant: bitboard.Othello, Scoring: bitboard.Discs},
		{Variant: bitboard.Classic, Scoring: bitboard.Discs},
		{Variant: bitboard.Classic, Scoring: bitboard.WOF},
	}
	for i := 0; i < 240; i++ {
		r := rulesSets[i%len(rulesSets)]
		empties := 1 + i%12
		pos := randomPosition(rng, r, empties)
		if r.Variant == bitboard.Classic && i%8 >= 4 {
			// Unbalance the supply as passes would: one side has placed more.
			pos.Placed[pos.Side] += uint8(rng.IntN(3))
		}
		want := minimax(pos, -100, 100)
		got := e.Solve(context.Background(), pos, false)
		if got.Score != want {
			t.Fatalf("%v %s placed %v: solver %d, minimax %d", r, bitboard.BoardString(pos.Board, pos.Side), pos.Placed, got.Score, want)
		}
		if !pos.GameOver() {
			if !pos.Legal(got.Move) && !(got.Move == bitboard.PassMove && pos.MustPass()) {
				t.Fatalf("solver move %s is not legal", bitboard.SquareName(got.Move))
			}
			if v := -minimax(playMove(pos, got.Move), -100, 100); v != want {
				t.Fatalf("solver move %s scores %d, best is %d", bitboard.SquareName(got.Move), v, want)
			}
		}
		wld := e.Solve(context.Background(), pos, true)
		if cmp.Compare(wld.Score, 0) != cmp.Compare(want, 0) {
			t.Fatalf("WLD %d for score %d", wld.Score, want)
		}
	}
}

func playMove(pos bitboard.Position, m int) bitboard.Position {
	if m == bitboard.PassMove {
		return pos.Pass()
	}
	return pos.Play(m)
}

func TestSolveFFOSampleOf20To39(t *testing.T) {
	cases := readFFO(t)
	e := mustNew(t, Options{HashMB: 32})
	defer e.Close()
	for _, id := range []int{20, 21, 22, 23, 24, 26, 27, 29, 39} {
		checkFFO(t, e, cases[id])
	}
}

func TestSolveOnSeveralThreadsAgrees(t *testing.T) {
	// With 4, several idle threads compete for each split, and threads
	// outnumber the cores of small machines.
	cases := readFFO(t)
	for _, threads := range []int{2, 4} {
		e := mustNew(t, Options{HashMB: 32, Threads: threads})
		for _, id := range []int{13, 14, 25} {
			checkFFO(t, e, cases[id])
		}
		e.Close()
	}
}

func TestSolveOfTwentyEmptiesSearchesSelectivelyToTheEndFirst(t *testing.T) {
	c := readFFO(t)[40] // 20 empties
	e := mustNew(t, Options{HashMB: 32})
	defer e.Close()
	var sels []int
	res := e.Search(context.Background(), c.pos, Limits{}, func(i Info) {
		if i.Depth == c.pos.Board.NumEmpties() {
			sels = append(sels, i.Selectivity)
			if (i.Selectivity == 100) != i.Exact {
				t.Errorf("iteration at %d%% reported exact=%v", i.Selectivity, i.Exact)
			}
		}
	})
	if !slices.Equal(sels, []int{73, 100}) || !res.Exact || res.Score != c.score {
		t.Fatalf("iterations to the end at %v%%, result exact=%v %+d, want [73 100]%%, exact %+d", sels, res.Exact, res.Score, c.score)
	}
}

func TestSolveInfoReportsTheSolve(t *testing.T) {
	c := readFFO(t)[1] // 14 empties
	e := mustNew(t, Options{HashMB: 8})
	defer e.Close()
	for _, wld := range []bool{false, true} {
		var infos []Info
		res := e.SolveInfo(context.Background(), c.pos, wld, func(i Info) { infos = append(infos, i) })
		want := c.score
		if wld {
			want = max(-1, min(1, c.score))
		}
		if len(infos) == 0 || res.Score != want {
			t.Fatalf("wld %v: %d reports, score %+d, want %+d", wld, len(infos), res.Score, want)
		}
		last := infos[len(infos)-1]
		if last.Exact == wld || last.WLD != wld || last.Score != want || last.Depth != 14 {
			t.Errorf("wld %v: last report %+v", wld, last)
		}
	}
}

// TestSolveAgreesAcrossSymmetries solves a position and its seven images,
// which must all score the same. Run -aj's labels found the first, which one
// orientation once solved 2 discs too high; the second, two plies below it,
// 10 discs (the local table's ETC read a slot its parent had just taken).
func TestSolveAgreesAcrossSymmetries(t *testing.T) {
	cases := []struct {
		board string
		score int
	}{
		{"-XXXO--X-XXOOOXOOOXOOOOOOOOXXOOOOOOXXOOO-OOXOOOO--OOOO----OOOO-- X", 16},
		{"-XXXO--X-XXOOOXOOOXOOOOOOOOXXOOOOOOXXOOOOOXXOOOOO-OOOO----OOOO-- X", 12},
	}
	for _, c := range cases {
		b, side, err := bitboard.ParseBoardString(c.board)
		if err != nil {
			t.Fatal(err)
		}
		for s := range 8 {
			e := mustNew(t, Options{HashMB: 16})
			pos := bitboard.FromBoard(b.Symmetric(s), side, bitboard.DefaultRules(bitboard.Othello))
			if r := e.Solve(context.Background(), pos, false); r.Score != c.score {
				t.Errorf("%s, symmetry %d: solved %s %+d, want %+d", c.board, s, bitboard.SquareName(r.Move), r.Score, c.score)
			}
		}
	}
}
