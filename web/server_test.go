package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sable-othello/sable/book"
	"github.com/sable-othello/sable/openings"
	"github.com/sable-othello/sable/search"
)

// testServer is a server on a loopback port, with its log.
type testServer struct {
	*Server
	url   string
	log   *syncBuffer
	close func() // stops the server (the test's end does it too)
}

// syncBuffer is a log that handlers write from their goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// testConfig is a small engine on one thread, with the embedded book.
func testConfig() Config {
	return Config{Engine: search.Options{HashMB: 2, Threads: 1}, Book: book.DefaultName, Level: 2}
}

// newTestServer serves cfg on a loopback port until the test ends.
func newTestServer(t testing.TB, cfg Config) *testServer {
	t.Helper()
	lb := &syncBuffer{}
	cfg.Log = log.New(lb, "", 0)
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ts := httptest.NewUnstartedServer(nil)
	ts.Config.Handler = s.Handler(ts.Listener.Addr().String())
	ts.Config.ErrorLog = cfg.Log // where a handler's panic would be logged
	ts.Start()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			s.Close()
			ts.Close()
		})
	}
	t.Cleanup(stop)
	return &testServer{Server: s, url: ts.URL, log: lb, close: stop}
}

// post sends a JSON body to path and returns the status and the body.
func (ts *testServer) post(t testing.TB, path, body string) (int, string) {
	t.Helper()
	resp, err := http.Post(ts.url+path, "application/json", strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// state posts body to path and decodes the state answered, failing the
// test on any other status.
func (ts *testServer) state(t testing.TB, path, body string) stateJSON {
	t.Helper()
	code, text := ts.post(t, path, body)
	if code != http.StatusOK {
		t.Fatalf("%s %s: %d %s", path, body, code, text)
	}
	var st stateJSON
	if err := json.Unmarshal([]byte(text), &st); err != nil {
		t.Fatalf("%s: %v in %s", path, err, text)
	}
	return st
}

// event is one server-sent event.
type event struct {
	name string
	data string
}

// events posts body to path and returns the response's events on a
// channel, closed at the end of the stream; cancel drops the request, as
// a page that goes elsewhere does.
func (ts *testServer) events(t testing.TB, path, body string) (<-chan event, context.CancelFunc) {
	t.Helper()
	ch, cancel, err := openEvents(ts.url+path, body)
	if err != nil {
		t.Fatal(err)
	}
	return ch, cancel
}

// openEvents is events for any goroutine: it returns the error.
func openEvents(url, body string) (<-chan event, context.CancelFunc, error) {
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		cancel()
		return nil, nil, err
	}
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		cancel()
		return nil, nil, fmt.Errorf("%s %s: %d %s", url, body, resp.StatusCode, b)
	}
	ch := make(chan event, 1024)
	go func() {
		defer close(ch)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		var ev event
		for sc.Scan() {
			line := sc.Text()
			switch {
			case strings.HasPrefix(line, "event: "):
				ev.name = line[len("event: "):]
			case strings.HasPrefix(line, "data: "):
				ev.data = line[len("data: "):]
			case line == "":
				ch <- ev
				ev = event{}
			}
		}
	}()
	return ch, cancel, nil
}

// waitFor returns the first event called name, failing after a minute.
func waitFor(t testing.TB, ch <-chan event, name string) event {
	t.Helper()
	timeout := time.After(time.Minute)
	for {
		select {
		case ev, ok := <-ch:
			if !ok {
				t.Fatalf("the stream ended before a %q event", name)
			}
			if ev.name == "error" {
				t.Fatalf("error event: %s", ev.data)
			}
			if ev.name == name {
				return ev
			}
		case <-timeout:
			t.Fatalf("no %q event within a minute", name)
		}
	}
}

// wipeOut is a game that ends after 9 moves, White wiped out.
const wipeOut = "d3c3b3d2e1d6d7e3f4"

// forcedPassGame is a game in which Black must pass after White's c1
// (Quarry's session of protocol/testdata/forced-pass.sgf).
const forcedPassGame = `{"rules":"othello","moves":["d3","c3","b3","b2","f5","a3","a1","c1"]}`

func TestGameIsReplayedWithItsForcedPassesAndResult(t *testing.T) {
	ts := newTestServer(t, testConfig())
	st := ts.state(t, "/api/game", `{"game":`+forcedPassGame+`}`)
	if n := len(st.Game.Moves); n != 9 || st.Game.Moves[8] != "pass" {
		t.Fatalf("moves %v: want the eight played and Black's forced pass", st.Game.Moves)
	}
	before := st.Positions[8]
	if !before.Pass || before.Side != "black" || len(before.Legal) != 0 {
		t.Fatalf("position before the pass: %+v", before)
	}
	if last := st.Positions[9]; last.Side != "white" || last.Pass || last.Over {
		t.Fatalf("last position: %+v", last)
	}
	st = ts.state(t, "/api/play", `{"game":`+forcedPassGame+`,"move":"e3"}`)
	if got := strings.Join(st.Game.Moves, " "); got != "d3 c3 b3 b2 f5 a3 a1 c1 pass e3" {
		t.Fatalf("after e3: %s", got)
	}
	// A wipe-out: White has no disc left after 9 moves; WOF gives Black
	// the empty squares.
	st = ts.state(t, "/api/import", `{"text":"`+wipeOut+`"}`)
	if st.Result == nil {
		t.Fatalf("the game is over, the state has no result: %+v", st.Positions[len(st.Positions)-1])
	}
	end := st.Positions[len(st.Positions)-1]
	if st.Result.Winner != "black" || st.Result.Black != 64 || end.White != 0 || !end.Over || st.Result.Text != "Black wins 64-0" {
		t.Fatalf("result %+v, last position %+v", st.Result, end)
	}
}

func TestRecordsAreImportedAndSavedBack(t *testing.T) {
	ts := newTestServer(t, testConfig())
	sgf := `(;FF[4]GM[2]SZ[8]PB[Human]PW[Sable];B[d3];W[c3];B[b3];W[b2];B[f5];W[a3];B[a1];W[c1];W[e3])`
	obf := `--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;`
	for _, tc := range []struct {
		name, text string
		moves      int
		start      string
	}{
		{"transcript", "f5 d6 c3 d3 c4", 5, ""},
		{"SGF", sgf, 10, ""},
		{"OBF", obf, 0, obf[:66]},
		{"GGF", `(;GM[Othello]PB[a]PW[b]TY[8]BO[8 ` + strings.Repeat("-", 27) + `O*------*O` + strings.Repeat("-", 27) + ` *]B[f5]W[d6];)`, 2, ""},
	} {
		body, _ := json.Marshal(importRequest{Text: tc.text})
		st := ts.state(t, "/api/import", string(body))
		if len(st.Game.Moves) != tc.moves || (tc.start != "" && st.Game.Start != tc.start) {
			t.Errorf("%s: %d moves from %q, want %d from %q", tc.name, len(st.Game.Moves), st.Game.Start, tc.moves, tc.start)
			continue
		}
		game, _ := json.Marshal(st.Game)
		for _, format := range []string{"ggf", "transcript"} {
			if tc.start != "" && format == "transcript" {
				continue // a transcript starts from the start
			}
			code, text := ts.post(t, "/api/export", `{"game":`+string(game)+`,"format":"`+format+`"}`)
			var out exportJSON
			if code != http.StatusOK || json.Unmarshal([]byte(text), &out) != nil {
				t.Fatalf("%s: export %s: %d %s", tc.name, format, code, text)
			}
			body, _ := json.Marshal(importRequest{Text: out.Text})
			back := ts.state(t, "/api/import", string(body))
			if strings.Join(back.Game.Moves, " ") != strings.Join(st.Game.Moves, " ") || back.Game.Start != st.Game.Start {
				t.Errorf("%s saved as %s (%q) reads back as %v from %q", tc.name, format, out.Text, back.Game.Moves, back.Game.Start)
			}
		}
	}
	// A classic game from its empty board, with free placements first.
	st := ts.state(t, "/api/import", `{"text":"d4 d5 e4 e5 d6","rules":"classic"}`)
	if st.Game.Rules != "classic" || st.Game.Scoring != "discs" || st.Positions[4].Black+st.Positions[4].White != 4 {
		t.Fatalf("classic import: %+v", st.Game)
	}
}

func TestOpeningsAreNumbered(t *testing.T) {
	ts := newTestServer(t, testConfig())
	openingList := openings.List
	var first openingJSON
	code, text := ts.post(t, "/api/opening", `{"number":1}`)
	if code != http.StatusOK || json.Unmarshal([]byte(text), &first) != nil {
		t.Fatalf("opening 1: %d %s", code, text)
	}
	if first.Number != 1 || strings.Join(first.Game.Moves, "") != openingList()[0] {
		t.Fatalf("opening 1: %+v", first.Game)
	}
	var random openingJSON
	code, text = ts.post(t, "/api/opening", `{"number":0,"scoring":"discs"}`)
	if code != http.StatusOK || json.Unmarshal([]byte(text), &random) != nil || random.Number < 1 ||
		random.Number > len(openingList()) || random.Game.Scoring != "discs" {
		t.Fatalf("a random opening: %d %s", code, text)
	}
	// Another list, such as XOT's, numbers its own openings.
	cfg := testConfig()
	cfg.Openings = []string{"f5d6c3d3c4f4f6f3", "f5f6e6f4e3c5c4e7"}
	other := newTestServer(t, cfg)
	code, text = other.post(t, "/api/opening", `{"number":2}`)
	if code != http.StatusOK || json.Unmarshal([]byte(text), &first) != nil || strings.Join(first.Game.Moves, "") != cfg.Openings[1] {
		t.Fatalf("opening 2 of a list of two: %d %s", code, text)
	}
	if code, text = other.post(t, "/api/opening", `{"number":3}`); code != http.StatusBadRequest || !strings.Contains(text, "want 1..2") {
		t.Errorf("opening 3 of a list of two: %d %s", code, text)
	}
}

func TestBadRequestsAreRefusedWithTheirReason(t *testing.T) {
	ts := newTestServer(t, testConfig())
	start := `{"rules":"othello","moves":[]}`
	over := `{"moves":["d3","c3","b3","d2","e1","d6","d7","e3","f4"]}`
	big := `{"text":"` + strings.Repeat("f5", 1<<19) + `"}`
	unreachable := `{"start":"X` + strings.Repeat("-", 26) + `OX------XO` + strings.Repeat("-", 27) + ` X","moves":[]}`
	tests := []struct {
		path, body string
		status     int
		reason     string
	}{
		{"/api/game", `{"game":`, 400, "malformed JSON"},
		{"/api/game", `{"game":{}} {}`, 400, "more than one value"},
		{"/api/game", `{"game":{},"extra":1}`, 400, "unknown field"},
		{"/api/game", `{"game":{"moves":"f5"}}`, 400, "malformed JSON"},
		{"/api/import", big, 413, "over 256 KiB"},
		{"/api/game", `{"game":{"moves":["f5","f5"]}}`, 400, "illegal move f5"},
		{"/api/game", `{"game":{"moves":["z9"]}}`, 400, "move 1"},
		{"/api/game", `{"game":{"moves":["pass"]}}`, 400, "pass while a move exists"},
		{"/api/game", `{"game":{"rules":"go"}}`, 400, "want othello or classic"},
		{"/api/game", `{"game":{"scoring":"area"}}`, 400, "want wof or discs"},
		{"/api/game", `{"game":{"start":"XO X"}}`, 400, "cells, want 64"},
		{"/api/game", `{"game":` + unreachable + `}`, 400, "touches no path of discs"},
		{"/api/game", `{"game":{"start":"` + strings.Repeat("-", 64) + ` X"}}`, 400, "d4 is empty"},
		{"/api/game", `{"game":{"moves":[` + strings.Repeat(`"pass",`, 130) + `"f5"]}}`, 400, "more than any game"},
		{"/api/play", `{"game":` + start + `,"move":"a1"}`, 400, "illegal for black"},
		{"/api/play", `{"game":` + start + `,"move":"pass"}`, 400, "has a legal move"},
		{"/api/play", `{"game":` + over + `,"move":"a1"}`, 400, "the game is over"},
		{"/api/play", `{"game":` + start + `,"move":"f55"}`, 400, "f55"},
		{"/api/import", `{"text":""}`, 400, "nothing to import"},
		{"/api/import", `{"text":"f5 d6 q9"}`, 400, "bad move"},
		{"/api/import", `{"text":"f5f5"}`, 400, "illegal move f5"},
		{"/api/import", `{"text":"(;GM[Othello]BO[8 ---"}`, 400, "unterminated value"},
		{"/api/import", `{"text":"(;GM[1]SZ[19];B[aa])"}`, 400, "not an Othello game"},
		{"/api/import", `{"text":"` + strings.Repeat("-", 64) + ` X"}`, 400, "d4 is empty"},
		{"/api/import", `{"text":"f5","rules":"chess"}`, 400, "want othello or classic"},
		{"/api/export", `{"game":` + start + `,"format":"pdf"}`, 400, "want ggf or transcript"},
		{"/api/export", `{"game":{"moves":["a1"]},"format":"ggf"}`, 400, "illegal move a1"},
		{"/api/opening", `{"number":401}`, 400, "want 1..400"},
		{"/api/opening", `{"number":-1}`, 400, "want 1..400"},
		{"/api/opening", `{"number":1,"scoring":"x"}`, 400, "want wof or discs"},
		{"/api/think", `{"page":"p1","game":` + over + `}`, 400, "the game is over"},
		{"/api/think", `{"page":"p1","game":` + start + `,"limits":{"level":99}}`, 400, "level 99"},
		{"/api/think", `{"page":"p1","game":` + start + `,"limits":{"time":-1}}`, 400, "time -1"},
		{"/api/think", `{"page":"p1","game":` + start + `,"limits":{"clock":{"remaining":0}}}`, 400, "clock 0+0"},
		{"/api/think", `{"page":"../x","game":` + start + `}`, 400, "page \"../x\""},
		{"/api/think", `{"page":"p1","game":{"moves":["a1"]}}`, 400, "illegal move a1"},
		{"/api/analyze", `{"page":"p1","game":` + over + `}`, 400, "the game is over"},
		{"/api/analyze", `{"page":"","game":` + start + `}`, 400, "page \"\""},
		{"/api/analyze", `{"page":"p1","game":` + start + `,"count":3}`, 400, "unknown field"},
		{"/api/solve", `{"page":"p1","game":` + over + `}`, 400, "the game is over"},
		{"/api/solve", `{"page":"p1","game":` + start + `,"wld":"yes"}`, 400, "malformed JSON"},
		{"/api/review", `{"page":"p1","game":` + start + `}`, 400, "no move to review"},
		{"/api/review", `{"page":"p1","game":` + over + `,"level":61}`, 400, "level 61"},
		{"/api/stop", `{"page":"a b"}`, 400, "page \"a b\""},
		{"/api/stop", `[]`, 400, "malformed JSON"},
	}
	for _, tc := range tests {
		code, text := ts.post(t, tc.path, tc.body)
		var e struct{ Error string }
		json.Unmarshal([]byte(text), &e)
		if code != tc.status || !strings.Contains(e.Error, tc.reason) {
			t.Errorf("%s %.60s: %d %q, want %d with %q", tc.path, tc.body, code, text, tc.status, tc.reason)
		}
	}
	// Every endpoint wants JSON, and only by POST.
	for _, path := range []string{"/api/game", "/api/play", "/api/import", "/api/export", "/api/opening",
		"/api/think", "/api/analyze", "/api/solve", "/api/review", "/api/stop"} {
		resp, err := http.Post(ts.url+path, "text/plain", strings.NewReader(`{}`))
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusUnsupportedMediaType {
			t.Errorf("%s with text/plain: %d, want 415", path, resp.StatusCode)
		}
		resp, err = http.Get(ts.url + path)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != http.StatusMethodNotAllowed {
			t.Errorf("GET %s: %d, want 405", path, resp.StatusCode)
		}
	}
	if ts.pages.count() != 0 {
		t.Errorf("bad requests left %d pages with an engine", ts.pages.count())
	}
	if strings.Contains(ts.log.String(), "panic") {
		t.Errorf("the server logged a panic:\n%s", ts.log.String())
	}
}

func TestPageAndItsFilesAreServed(t *testing.T) {
	ts := newTestServer(t, testConfig())
	for path, want := range map[string]string{"/": "<title>Sable</title>", "/api/config": `"maxLevel":60`} {
		resp, err := http.Get(ts.url + path)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK || !strings.Contains(string(b), want) {
			t.Errorf("GET %s: %d, want %q in %.200s", path, resp.StatusCode, want, b)
		}
	}
	resp, err := http.Get(ts.url + "/nothing-here")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusNotFound {
		t.Errorf("GET /nothing-here: %d, want 404", resp.StatusCode)
	}
}
