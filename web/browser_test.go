package web

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/chromium"
)

var screenshot = flag.String("screenshot", "", "copy the browser test's screenshot of a game in analysis mode to `FILE` (docs/web.png)")

// pageState is what the test reads of the page: the body's data (the
// position shown, the plies, the running search, game over), the legal
// squares and the moves.
type pageState struct {
	Ply    int      `json:"ply,string"`
	Plies  int      `json:"plies,string"`
	Search string   `json:"search"`
	Over   bool     `json:"over,string"`
	Legal  []string `json:"legal"`
	Moves  []string `json:"moves"`
	Black  int      `json:"black,string"`
	White  int      `json:"white,string"`
	Status string   `json:"status"`
}

const readPage = `JSON.stringify({...document.body.dataset,
	legal: [...document.querySelectorAll('.cell.legal')].map(c => c.dataset.square),
	moves: [...document.querySelectorAll('#move-list .ply')].slice(1).map(b => b.textContent),
	black: document.getElementById('count-black').textContent,
	white: document.getElementById('count-white').textContent,
	status: document.getElementById('status').textContent})`

// browser drives one page.
type browser struct {
	t   *testing.T
	ctx context.Context
}

// do runs the actions on the page, failing the test on an error.
func (b *browser) do(actions ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, actions...); err != nil {
		b.t.Fatal(err)
	}
}

// eval returns the value of a JavaScript expression in the page.
func eval[T any](b *browser, expr string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		b.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

func (b *browser) state() pageState {
	b.t.Helper()
	text := eval[string](b, readPage)
	var st pageState
	if err := json.Unmarshal([]byte(text), &st); err != nil {
		b.t.Fatalf("%v in %s", err, text)
	}
	return st
}

// waitUntil reads the page until ok holds, failing after 20 s.
func (b *browser) waitUntil(what string, ok func(pageState) bool) pageState {
	b.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		st := b.state()
		if ok(st) {
			return st
		}
		if time.Now().After(deadline) {
			b.t.Fatalf("waiting for %s: the page is at %+v", what, st)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func (b *browser) click(sel string) { b.t.Helper(); b.do(chromedp.Click(chromedp.CSS(sel))) }

// hintValue is what a square shows in hint mode.
var hintValue = regexp.MustCompile(`^([+-]?\d+|win|draw|loss)$`)

func TestAGameInChromium(t *testing.T) {
	bin := chromium.Path(t)
	begin := time.Now()
	cfg := testConfig()
	cfg.Level = 1
	ts := newTestServer(t, cfg)

	opts := []chromedp.ExecAllocatorOption{chromedp.ExecPath(bin), chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1280, 960)}
	for _, f := range chromium.Flags() {
		opts = append(opts, chromedp.Flag(f, true))
	}
	actx, cancel := chromedp.NewExecAllocator(context.Background(), opts...)
	defer cancel()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancel = context.WithTimeout(ctx, 50*time.Second)
	defer cancel()
	// Every request the page makes goes to the server, and its scripts
	// raise no error.
	var mu sync.Mutex
	var elsewhere, errs []string
	err := chromedp.Listen(ctx, func(ev any) {
		mu.Lock()
		defer mu.Unlock()
		switch e := ev.(type) {
		case *network.EventRequestWillBeSent:
			u := e.Request.URL
			if !strings.HasPrefix(u, ts.url+"/") && !strings.HasPrefix(u, "data:") && !strings.HasPrefix(u, "blob:") {
				elsewhere = append(elsewhere, u)
			}
		case *runtime.EventExceptionThrown:
			d := e.ExceptionDetails
			msg := fmt.Sprintf("%s at %s:%d", d.Text, d.URL, d.LineNumber+1)
			if d.Exception != nil {
				msg += ": " + d.Exception.Description
			}
			errs = append(errs, msg)
		}
	})
	if err != nil {
		t.Fatal(err)
	}
	b := &browser{t: t, ctx: ctx}
	b.do(chromedp.Navigate(ts.url + "/"))
	b.waitUntil("the start position", func(st pageState) bool { return st.Plies == 0 && len(st.Legal) == 4 })

	// A whole game as Black against Sable at level 1, clicking squares.
	for {
		st := b.waitUntil("Black's turn or the end", func(st pageState) bool {
			return st.Search != "think" && st.Ply == st.Plies && (st.Over || len(st.Legal) > 0)
		})
		if st.Over {
			break
		}
		b.click(`[data-square="` + st.Legal[0] + `"]`)
		b.waitUntil("the move played", func(n pageState) bool { return n.Plies > st.Plies })
	}
	end := b.state()
	moves := make([]int, len(end.Moves))
	for i, m := range end.Moves {
		var err error
		if moves[i], err = parseMove(m); err != nil {
			t.Fatalf("the move list holds %q", m)
		}
	}
	pos, err := bitboard.Replay(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), moves)
	if err != nil || !pos.GameOver() {
		t.Fatalf("the page's moves %v do not replay to a finished game: %v", end.Moves, err)
	}
	black, white := pos.BlackWhite()
	if nb, nw := bits.OnesCount64(black), bits.OnesCount64(white); end.Black != nb || end.White != nw {
		t.Fatalf("the board shows %d-%d, the engine's final position %d-%d", end.Black, end.White, nb, nw)
	}
	if want := resultOf(pos).Text; !strings.Contains(end.Status, want) {
		t.Fatalf("status %q, want the result %q", end.Status, want)
	}

	// Undo goes back to Black's last move; hints value its squares.
	b.click("#undo")
	back := b.waitUntil("the undo", func(st pageState) bool { return st.Ply < end.Plies && len(st.Legal) > 0 })
	b.click("#hints")
	b.do(chromedp.WaitVisible(chromedp.CSS(".hint.best")))
	value := eval[string](b, `document.querySelector('.hint.best').dataset.value`)
	if !hintValue.MatchString(value) {
		t.Fatalf("the best square shows %q", value)
	}
	valued := eval[[]string](b, `[...document.querySelectorAll('.cell.valued')].map(c => c.dataset.square)`)
	if strings.Join(valued, " ") == "" || !subset(valued, back.Legal) {
		t.Fatalf("valued squares %v, legal %v", valued, back.Legal)
	}

	// A pasted transcript, played by two humans, reviewed, with hints.
	transcript := "d3e3f4g5g4c3c4d6c6f5f3b4f6c5g6h4e6g3b5a6"
	b.click("#new-game")
	b.do(chromedp.WaitVisible(chromedp.CSS("#new-dialog")),
		chromedp.SetValue(chromedp.CSS("#new-black"), "human"),
		chromedp.SetValue(chromedp.CSS("#new-white"), "human"),
		chromedp.Click(chromedp.CSS(`input[name=start][value=paste]`)),
		chromedp.SendKeys(chromedp.CSS("#new-text"), transcript),
		chromedp.Click(chromedp.CSS("#new-ok")))
	pasted := b.waitUntil("the pasted game", func(st pageState) bool { return st.Plies == 20 })
	if got := strings.Join(pasted.Moves, ""); got != transcript {
		t.Fatalf("the pasted game's moves are %s", got)
	}
	b.do(chromedp.SetValue(chromedp.CSS("#review-level"), "4"))
	b.click("#review")
	b.do(chromedp.WaitVisible(chromedp.CSS("#review-totals p")))
	if rows := eval[int](b, `document.querySelectorAll('#review-list tr').length`); rows != 20 {
		t.Fatalf("the review has %d rows, want 20", rows)
	}
	b.click("#tab-moves")
	b.click(`#move-list .ply[data-ply="14"]`)
	b.waitUntil("move 14", func(st pageState) bool { return st.Ply == 14 && st.Search == "hints" })
	b.do(chromedp.WaitVisible(chromedp.CSS(".hint.best")), chromedp.Click(chromedp.CSS("#tab-analysis")),
		chromedp.Sleep(1500*time.Millisecond))
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100)) // 100: PNG
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(t.TempDir(), "web.png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
	if *screenshot != "" {
		if err := os.WriteFile(*screenshot, png, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mu.Lock()
	defer mu.Unlock()
	if len(elsewhere) > 0 {
		t.Errorf("the page asked for addresses other than the server's: %v", elsewhere)
	}
	if len(errs) > 0 {
		t.Errorf("the page's scripts failed: %v", errs)
	}
	t.Logf("the browser test took %v", time.Since(begin).Round(time.Millisecond))
}

// subset reports whether every item of a is in b.
func subset(a, b []string) bool {
	in := map[string]bool{}
	for _, s := range b {
		in[s] = true
	}
	for _, s := range a {
		if !in[s] {
			return false
		}
	}
	return true
}
