package search

import (
	"context"
	"math/bits"
	"sync"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

func TestSearchReachingTheEndEqualsTheSolver(t *testing.T) {
	rng := newRand(99)
	e := mustNew(t, Options{HashMB: 8})
	solver := mustNew(t, Options{HashMB: 8})
	for i := 0; i < 30; i++ {
		empties := 8 + i%8
		pos := randomPosition(rng, bitboard.DefaultRules(bitboard.Othello), empties)
		if pos.GameOver() {
			continue
		}
		want := solver.Solve(context.Background(), pos, false)
		for _, depth := range []int{empties, empties + 3} {
			got := e.Search(context.Background(), pos, Limits{Depth: depth}, nil)
			if got.Score != want.Score || !got.Exact {
				t.Fatalf("%s depth %d: search %d (exact %v), solver %d", bitboard.BoardString(pos.Board, pos.Side), depth, got.Score, got.Exact, want.Score)
			}
		}
	}
}

func TestSearchStreamsOneInfoPerIteration(t *testing.T) {
	e := mustNew(t, Options{HashMB: 8})
	var depths []int
	res := e.Search(context.Background(), bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), Limits{Depth: 5}, func(i Info) {
		depths = append(depths, i.Depth)
	})
	if len(depths) != 5 || depths[4] != 5 || res.Depth != 5 {
		t.Fatalf("iterations reported %v, result depth %d", depths, res.Depth)
	}
	start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	if !start.Legal(res.Move) || len(res.PV) == 0 {
		t.Fatalf("bad move %d or empty PV", res.Move)
	}
}

func TestSearchStopsWhenCancelled(t *testing.T) {
	e := mustNew(t, Options{HashMB: 8, Threads: 2})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan Result)
	go func() {
		done <- e.Search(ctx, bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), Limits{}, nil)
	}()
	time.Sleep(100 * time.Millisecond)
	cancel()
	select {
	case r := <-done:
		if !r.Stopped || r.Move < 0 {
			t.Fatalf("cancelled search returned %+v", r)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("search did not stop after cancel")
	}
}

func TestSearchFinishesWithinItsClock(t *testing.T) {
	e := mustNew(t, Options{HashMB: 8})
	defer e.Close()
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	// The search keeps within the time it has: the move time, the clock's
	// main time or its byo-yomi period per stone. The slack is far above the
	// hand-off the search needs and still loses a game on a fast clock: a
	// time limit kept is correctness, even on a loaded 2-core machine.
	const slack = 250 * time.Millisecond
	for _, c := range []struct {
		lim   Limits
		limit time.Duration
	}{
		{Limits{Time: 50 * time.Millisecond}, 50 * time.Millisecond},
		{Limits{Clock: Clock{Remaining: 300 * time.Millisecond}}, 300 * time.Millisecond},
		{Limits{Clock: Clock{Remaining: 40 * time.Millisecond}}, 40 * time.Millisecond},
		{Limits{Clock: Clock{Byoyomi: 100 * time.Millisecond, Stones: 1}}, 100 * time.Millisecond},
		{Limits{Clock: Clock{Byoyomi: 400 * time.Millisecond, Stones: 4}}, 100 * time.Millisecond},
	} {
		start := time.Now()
		r := e.Search(context.Background(), pos, c.lim, nil)
		if took := time.Since(start); took > c.limit+slack {
			t.Errorf("limits %+v: took %v", c.lim, took)
		}
		if !pos.Legal(r.Move) {
			t.Fatalf("limits %+v: illegal move %d", c.lim, r.Move)
		}
	}
	// A node budget alone ends the search too (checked at stop checks, so
	// it may overshoot by a few thousand).
	if r := e.Search(context.Background(), pos, Limits{Nodes: 20000}, nil); !pos.Legal(r.Move) || r.Nodes > 4*20000 {
		t.Fatalf("node budget 20000: %d nodes, move %d", r.Nodes, r.Move)
	}
}

func TestSearchAnswersPassAndGameOver(t *testing.T) {
	e := mustNew(t, Options{HashMB: 8})
	b, side, _ := bitboard.ParseBoardString("XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXO- O")
	pos := bitboard.FromBoard(b, side, bitboard.DefaultRules(bitboard.Othello))
	if r := e.Search(context.Background(), pos, Limits{Depth: 4}, nil); r.Move != bitboard.PassMove {
		t.Fatalf("forced pass: got %d", r.Move)
	}
	over := pos.Pass().Play(63)
	if r := e.Search(context.Background(), over, Limits{Depth: 4}, nil); r.Move != bitboard.PassMove || !r.Exact || r.Score != -64 {
		t.Fatalf("game over: got %+v", r)
	}
}

func TestClassicSearchPlaysTheOpeningAndFollowsTheSupply(t *testing.T) {
	e := mustNew(t, Options{HashMB: 8})
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Classic))
	for i := 0; i < 6; i++ {
		r := e.Search(context.Background(), pos, Limits{Depth: 3}, nil)
		if !pos.Legal(r.Move) {
			t.Fatalf("ply %d: illegal classic move %d", i, r.Move)
		}
		pos = pos.Play(r.Move)
	}
}

func TestNodeLoopAllocatesNothing(t *testing.T) {
	e := mustNew(t, Options{HashMB: 8})
	pos := randomPosition(newRand(5), bitboard.DefaultRules(bitboard.Othello), 40)
	w := newWorker(e, pos.Rules, 0)
	w.selectivity = 0 // with probcut
	end := randomPosition(newRand(6), bitboard.DefaultRules(bitboard.Othello), 14)
	allocs := testing.AllocsPerRun(5, func() {
		w.setRoot(pos.Board.P, pos.Board.O)
		w.midNWS(pos.Board.P, pos.Board.O, 0, 6)
		w.setRoot(end.Board.P, end.Board.O)
		w.endNWS(end.Board.P, end.Board.O, 0, end.Board.NumEmpties())
	})
	if allocs != 0 {
		t.Fatalf("node loop allocates %v times per search", allocs)
	}
}

func TestSearchCancelledBeforeItStartsStillAnswersALegalMove(t *testing.T) {
	e := mustNew(t, Options{HashMB: 8, Threads: 2})
	defer e.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, r := range []bitboard.Rules{bitboard.DefaultRules(bitboard.Othello), bitboard.DefaultRules(bitboard.Classic)} {
		pos := bitboard.NewGame(r)
		if res := e.Search(ctx, pos, Limits{}, nil); !pos.Legal(res.Move) {
			t.Fatalf("%v: move %d is not legal", r, res.Move)
		}
	}
}

// losingEval scores a position -5 for the mover when the disc count is
// even and +5 when it is odd: from the empty board of classic Reversi,
// where each move adds a disc, the first player is 5 down at every depth.
type losingEval struct{}

func (losingEval) Evaluate(p, o uint64) int {
	if bits.OnesCount64(p|o)%2 == 0 {
		return -5
	}
	return 5
}

func TestStoppedClassicSearchAnswersOneOfItsMoves(t *testing.T) {
	// The search is cancelled before it starts and notices at its first
	// stop check, inside an iteration: it keeps the last finished one's
	// move, never a root move it has not found (the unset one's score, 0,
	// beats -5).
	e := mustNew(t, Options{HashMB: 8, Eval: losingEval{}})
	defer e.Close()
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Classic))
	if res := e.Search(ctx, pos, Limits{}, nil); !pos.Legal(res.Move) {
		t.Fatalf("move %d is not legal (%+v)", res.Move, res)
	}
}

func TestLateTimerDoesNotStopTheNextSearch(t *testing.T) {
	e := mustNew(t, Options{HashMB: 8})
	defer e.Close()
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	stop := e.begin(Limits{}) // a finished search's stop function
	// It fires while the next search runs, after its first iteration.
	res := e.Search(context.Background(), pos, Limits{Depth: 6}, func(Info) { stop() })
	if res.Stopped || res.Depth != 6 {
		t.Fatalf("search was stopped by an older search's timer: %+v", res.Info)
	}
}

func TestCloseStopsARunningSearchBeforeFreeingTheTable(t *testing.T) {
	for _, threads := range []int{1, 2} {
		e := mustNew(t, Options{HashMB: 8, Threads: threads})
		pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
		started := make(chan struct{})
		done := make(chan Result)
		go func() {
			var once sync.Once
			// No limit: only Close can end this search.
			done <- e.Search(context.Background(), pos, Limits{}, func(Info) { once.Do(func() { close(started) }) })
		}()
		<-started
		e.Close()
		select {
		case res := <-done:
			if !res.Stopped || !pos.Legal(res.Move) {
				t.Fatalf("threads %d: search after Close: %+v", threads, res)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("threads %d: Close returned while the search still runs", threads)
		}
	}
}

// A search stopped by its node budget plays the root move that its last,
// unfinished iteration has proved better than the one before's best, even
// when the new best scores below the old one's shallower score, as in
// position 28 of the bench (-14 at depth 12 against -12 at depth 11; in
// position 29 both score -17).
func TestStoppedIterationPlaysTheMoveItProvedBetter(t *testing.T) {
	for _, board := range []string{
		"-OOOOOO---OXXO----OOOXXX--OOOXXX--OXXOXX---XOOO---X-XX-----X---- X",
		"-OOOOOO---OXXO----OOOXXX--OOOOXX--OOXXXX--OOOXXO--XXXOXX---X--O- X",
	} {
		b, side, err := bitboard.ParseBoardString(board)
		if err != nil {
			t.Fatal(err)
		}
		pos := bitboard.FromBoard(b, side, bitboard.DefaultRules(bitboard.Othello))
		e := mustNew(t, DefaultOptions())
		search := func(lim Limits) Result {
			e.NewGame()
			return e.Search(context.Background(), pos, lim, nil)
		}
		shallow, deep := search(Limits{Depth: 11}), search(Limits{Depth: 12})
		if shallow.Move == deep.Move {
			t.Fatalf("%s: depths 11 and 12 both play %d: the case needs a change of mind", board, deep.Move)
		}
		// Four fifths of the way through iteration 12: after the new best
		// move's null window failed high (half way, measured).
		budget := shallow.Nodes + (deep.Nodes-shallow.Nodes)*4/5
		if r := search(Limits{Depth: 12, Nodes: budget}); !r.Stopped || r.Move != deep.Move {
			t.Errorf("%s: %d nodes of %d: move %d (stopped %v), want %d", board, budget, deep.Nodes, r.Move, r.Stopped, deep.Move)
		}
	}
}
