package web

import (
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/book"
)

// ffo1 is FFO position #1 as an OBF board: 14 empties, Black to move; g8
// wins by 18.
const ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"

func TestSablePlaysItsMoveFromTheBookOrASearch(t *testing.T) {
	ts := newTestServer(t, testConfig())
	ch, _ := ts.events(t, "/api/think", `{"page":"p1","game":{"moves":[]},"limits":{"level":1}}`)
	var mv moveJSON
	json.Unmarshal([]byte(waitFor(t, ch, "move").data), &mv)
	if !mv.Book || len(mv.State.Game.Moves) != 1 || mv.State.Game.Moves[0] != mv.Move {
		t.Fatalf("from the start: %+v", mv)
	}
	cfg := testConfig()
	cfg.Book = book.OffName
	ts = newTestServer(t, cfg)
	ch, _ = ts.events(t, "/api/think", `{"page":"p1","game":{"moves":["f5"]},"limits":{"level":4}}`)
	var info infoJSON
	json.Unmarshal([]byte(waitFor(t, ch, "info").data), &info)
	json.Unmarshal([]byte(waitFor(t, ch, "move").data), &mv)
	if mv.Book || mv.Depth != 4 || info.Depth != 1 || len(mv.PV) == 0 || mv.PV[0] != mv.Move ||
		strings.Join(mv.State.Game.Moves, " ") != "f5 "+mv.Move {
		t.Fatalf("a search at level 4: first info %+v, move %+v", info, mv)
	}
}

func TestHintsStreamEveryMoveUntilSolved(t *testing.T) {
	ts := newTestServer(t, testConfig())
	ch, _ := ts.events(t, "/api/analyze", `{"page":"p1","game":{"moves":[]}}`)
	var b struct {
		Ply   int
		Moves []bookMoveJSON
	}
	json.Unmarshal([]byte(waitFor(t, ch, "book").data), &b)
	if len(b.Moves) != 4 || b.Ply != 0 {
		t.Fatalf("book moves of the start: %+v", b)
	}
	ts.post(t, "/api/stop", `{"page":"p1"}`)
	waitFor(t, ch, "done")

	ch, _ = ts.events(t, "/api/analyze", `{"page":"p1","game":{"start":"`+ffo1+`","moves":[]}}`)
	var last analysisJSON
	n := 0
	for ev := range ch {
		if ev.name == "analysis" {
			n++
			json.Unmarshal([]byte(ev.data), &last)
		}
	}
	if n < 1 || !last.Exact || last.Depth != 14 || len(last.Moves) != 8 || last.Moves[0].Move != "g8" || last.Moves[0].Score != 18 {
		t.Fatalf("%d analyses, the last %+v", n, last)
	}
}

func TestSolveStreamsItsIterationsThenTheScore(t *testing.T) {
	ts := newTestServer(t, testConfig())
	for _, tc := range []struct {
		wld   string
		score int
	}{{"false", 18}, {"true", 1}} {
		ch, _ := ts.events(t, "/api/solve", `{"page":"p1","game":{"start":"`+ffo1+`","moves":[]},"wld":`+tc.wld+`}`)
		waitFor(t, ch, "info")
		var res struct {
			Info    infoJSON
			Move    string
			Stopped bool
		}
		json.Unmarshal([]byte(waitFor(t, ch, "result").data), &res)
		if res.Move != "g8" || res.Info.Score != tc.score || res.Stopped || res.Info.Exact == (tc.wld == "true") {
			t.Fatalf("wld %s: %+v", tc.wld, res)
		}
	}
}

func TestReviewStreamsEachMoveThenTheTotals(t *testing.T) {
	ts := newTestServer(t, testConfig())
	ch, _ := ts.events(t, "/api/review", `{"page":"p1","game":`+forcedPassGame+`,"level":2}`)
	var rows []reviewRowJSON
	for ev := range ch {
		switch ev.name {
		case "move":
			var r reviewRowJSON
			json.Unmarshal([]byte(ev.data), &r)
			rows = append(rows, r)
		case "done":
			var done map[string]totalsJSON
			json.Unmarshal([]byte(ev.data), &done)
			if done["black"].Moves+done["white"].Moves != 8 {
				t.Errorf("totals %+v, want 8 moves", done)
			}
		case "error":
			t.Fatal(ev.data)
		}
	}
	if len(rows) != 8 || rows[7].Number != 8 || rows[7].Ply != 7 || rows[7].Played != "c1" || rows[0].Source != "book" {
		t.Fatalf("rows %+v", rows)
	}
	for _, r := range rows {
		if r.Loss != r.BestValue-r.PlayedValue || r.Loss < 0 {
			t.Errorf("row %+v: the loss is the best value less the played one", r)
		}
	}
}

// count returns the engines not yet closed: the pages' own and those of
// expired pages still being freed, whose tables are still held.
func (ps *pages) count() int {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	return ps.held
}

// runningSearch waits for page id to run a search and returns the channel
// closed when it ends.
func runningSearch(t *testing.T, ts *testServer, id string) chan struct{} {
	t.Helper()
	for range 1000 {
		ts.pages.mu.Lock()
		p := ts.pages.byID[id]
		if p != nil && p.run != nil {
			done := p.done
			ts.pages.mu.Unlock()
			return done
		}
		ts.pages.mu.Unlock()
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("page %s runs no search", id)
	return nil
}

// waitIdle waits until page id runs no search.
func waitIdle(t *testing.T, ts *testServer, id string) {
	t.Helper()
	for range 10000 {
		ts.pages.mu.Lock()
		p := ts.pages.byID[id]
		idle := p == nil || p.run == nil
		ts.pages.mu.Unlock()
		if idle {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatalf("page %s still searches", id)
}

// postAndDrain posts body to url and reads the whole answer, from a
// goroutine of its own, then closes done.
func postAndDrain(url, body string, done chan struct{}) {
	defer close(done)
	resp, err := http.Post(url, "application/json", strings.NewReader(body))
	if err == nil {
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

// stopWithin is how soon a page's search must end once the page starts
// another, leaves, closes or asks it to stop. The test takes the median of
// stopTrials: on a loaded machine the system may hold any thread back
// longer now and then, which no program can help.
const (
	stopWithin = 50 * time.Millisecond
	stopTrials = 5
)

func TestASearchStopsWithin50msOfANewOneOrThePageLeaving(t *testing.T) {
	cfg := testConfig()
	cfg.Book = book.OffName
	ts := newTestServer(t, cfg)
	// Hints have no limit: only the page ends them.
	hints := `{"page":"p1","game":{"moves":["f5","d6"]}}`
	for _, how := range []string{"leaves", "starts another", "asks to stop"} {
		var times []time.Duration
		for range stopTrials {
			ch, cancel := ts.events(t, "/api/analyze", hints)
			waitFor(t, ch, "analysis")
			time.Sleep(50 * time.Millisecond) // deep in an iteration
			done := runningSearch(t, ts, "p1")
			answered := make(chan struct{}) // the request that ends the search has its answer
			start := time.Now()
			switch how {
			case "leaves": // the browser drops the request when the page closes or navigates
				cancel()
				close(answered)
			case "starts another":
				go postAndDrain(ts.url+"/api/think", `{"page":"p1","game":{"moves":["f5","d6"]},"limits":{"level":1}}`, answered)
			case "asks to stop":
				go postAndDrain(ts.url+"/api/stop", `{"page":"p1"}`, answered)
			}
			select {
			case <-done:
			case <-time.After(10 * time.Second):
				t.Fatalf("the page %s: the search still runs after 10 s", how)
			}
			times = append(times, time.Since(start))
			if how == "asks to stop" {
				waitFor(t, ch, "done") // a stopped search answers what it found
			}
			cancel()
			<-answered
			waitIdle(t, ts, "p1")
		}
		slices.Sort(times)
		t.Logf("the page %s: the search ended in %v", how, times)
		if median := times[len(times)/2]; median > stopWithin {
			t.Errorf("the page %s: the search ended in %v (median of %v), more than %v", how, median, times, stopWithin)
		}
	}
}

func TestPagesKeepTheirOwnSearches(t *testing.T) {
	cfg := testConfig()
	cfg.Book = book.OffName
	ts := newTestServer(t, cfg)
	a, cancelA := ts.events(t, "/api/analyze", `{"page":"a","game":{"moves":["f5"]}}`)
	defer cancelA()
	waitFor(t, a, "analysis")
	// Another page's search and bad requests leave page a's search running.
	ch, _ := ts.events(t, "/api/think", `{"page":"b","game":{"moves":["f5"]},"limits":{"level":3}}`)
	waitFor(t, ch, "move")
	if code, _ := ts.post(t, "/api/think", `{"page":"a","game":{"moves":["a1"]}}`); code != http.StatusBadRequest {
		t.Fatalf("an illegal move: %d", code)
	}
	done := runningSearch(t, ts, "a")
	select {
	case <-done:
		t.Fatal("page a's search ended when page b searched or page a sent a bad request")
	case <-time.After(50 * time.Millisecond):
	}
	if n := ts.pages.count(); n != 2 {
		t.Fatalf("%d pages with an engine, want 2", n)
	}
}

func TestIdlePagesGiveTheirEngineBack(t *testing.T) {
	cfg := testConfig()
	cfg.Book = book.OffName
	cfg.IdleTimeout = 20 * time.Millisecond
	cfg.MaxPages = 1
	ts := newTestServer(t, cfg)
	a, leave := ts.events(t, "/api/analyze", `{"page":"a","game":{"moves":["f5"]}}`)
	waitFor(t, a, "analysis")
	think := `{"page":"b","game":{"moves":["f5"]},"limits":{"level":1}}`
	if code, text := ts.post(t, "/api/think", think); code != http.StatusServiceUnavailable || !strings.Contains(text, "too many pages") {
		t.Fatalf("a second page beyond MaxPages: %d %s", code, text)
	}
	leave()
	for i := 0; ts.pages.count() > 0; i++ {
		if i == 5000 {
			t.Fatal("the idle page kept its engine")
		}
		time.Sleep(time.Millisecond)
	}
	ch, _ := ts.events(t, "/api/think", think)
	waitFor(t, ch, "move")
}
