package reviewreport

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"image"
	"image/png"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/sable-othello/sable/internal/chromium"
	"github.com/sable-othello/sable/review"
	"github.com/sable-othello/sable/review/reviewtest"
)

var screenshot = flag.String("screenshot", "", "copy the Chromium test's screenshot of the review page to `FILE` (docs/review.png)")

// endgamePage returns the HTML page of the endgame's review.
func endgamePage(t *testing.T) []byte {
	t.Helper()
	g := reviewtest.Endgames(t)[0]
	moves, err := reviewtest.ExactReviewer(t, nil).Game(context.Background(), g, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	err = WriteHTML(&buf, "Review of the endgame", Settings{Level: 1, Exact: 60, Eval: "embedded"},
		[]review.GameReview{{PlayedGame: g, Reviewed: moves}}, review.DefaultThresholds())
	if err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// externalRef finds what could make a page load something: an address that
// is not an SVG namespace, an element that loads, or a CSS import.
var externalRef = regexp.MustCompile(`(?i)(https?:|ftp:|//[a-z0-9.-]+\.[a-z]{2,}/|<script|<link|<img|<iframe|<object|@import|url\(|src=|href=)`)

func TestHTMLPageHoldsPlotBoardsAndTable(t *testing.T) {
	page := string(endgamePage(t))
	for _, want := range []string{`<div class="plot"><svg`, `<svg class="board"`, `class="played"`, `class="better"`,
		`<table class="moves">`, "blunder ??", "Move 5: black played b7 (-26); b2 (&#43;18) was better by 44 discs, a blunder."} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	if n := strings.Count(page, `<svg class="board"`); n != WorstMoves {
		t.Errorf("%d boards, want %d", n, WorstMoves)
	}
	// The namespaces name SVG, and the empty icon stops the browser from
	// asking for /favicon.ico.
	stripped := strings.NewReplacer(`"http://www.w3.org/2000/svg"`, "", `"http://www.w3.org/1999/xlink"`, "",
		`<link rel="icon" href="data:,">`, "").Replace(page)
	if m := externalRef.FindString(stripped); m != "" {
		t.Errorf("the page refers outside itself: %q", m)
	}
}

// recordingProxy serves the page at pageURL to a browser that uses it as
// its proxy, and records every other request.
type recordingProxy struct {
	page []byte
	mu   sync.Mutex
	seen []string
}

const pageURL = "http://review.invalid/review.html"

// browserServices are the hosts that Chromium itself calls, for updates,
// time and sign-in, whatever the page, even with its background traffic
// switched off; a request to any other host comes from the page.
var browserServices = map[string]bool{
	"update.googleapis.com": true, "accounts.google.com": true, "clients2.google.com": true,
	"optimizationguide-pa.googleapis.com": true, "content-autofill.googleapis.com": true,
}

func (p *recordingProxy) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodGet && r.URL.String() == pageURL {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write(p.page)
		return
	}
	if !browserServices[r.URL.Hostname()] && !browserServices[strings.Split(r.Host, ":")[0]] {
		p.mu.Lock()
		p.seen = append(p.seen, r.Method+" "+r.URL.String()+" (host "+r.Host+")")
		p.mu.Unlock()
	}
	http.Error(w, "no network in this test", http.StatusForbidden)
}

func TestHTMLPageRendersInChromiumWithoutNetwork(t *testing.T) {
	bin := chromium.Path(t)
	proxy := &recordingProxy{page: endgamePage(t)}
	srv := httptest.NewServer(proxy)
	defer srv.Close()
	dir := t.TempDir()
	shot := filepath.Join(dir, "review.png")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	// Every request goes to the recording proxy, loopback included, and
	// the browser's own background traffic is off, so that any request
	// the proxy sees comes from the page.
	cmd := exec.CommandContext(ctx, bin, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
		"--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
		"--disable-extensions", "--disable-default-apps", "--disable-domain-reliability", "--no-pings",
		"--disable-client-side-phishing-detection", "--disable-component-extensions-with-background-pages",
		"--disable-features=NetworkTimeServiceQuerying,OptimizationHints,MediaRouter,Translate,AutofillServerCommunication,CertificateTransparencyComponentUpdater",
		"--user-data-dir="+filepath.Join(dir, "profile"),
		"--proxy-server="+srv.URL, "--proxy-bypass-list=<-loopback>",
		"--window-size=1000,1500", "--screenshot="+shot, "--dump-dom", pageURL)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	dom, err := cmd.Output()
	if err != nil {
		msg := "chromium failed: " + err.Error() + "\n" + stderr.String()
		if os.Getenv("CI") == "true" || errors.Is(ctx.Err(), context.DeadlineExceeded) {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	for _, want := range []string{`<div class="plot"><svg`, `<svg class="board"`, "value for Black (discs)", "<td>b7</td>"} {
		if !bytes.Contains(dom, []byte(want)) {
			t.Errorf("the rendered page lacks %q", want)
		}
	}
	proxy.mu.Lock()
	if len(proxy.seen) > 0 {
		t.Errorf("the page made requests: %q", proxy.seen)
	}
	proxy.mu.Unlock()
	f, err := os.Open(shot)
	if err != nil {
		t.Fatalf("no screenshot: %v\n%s", err, stderr.String())
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if n := boardGreenPixels(img); n < 10000 {
		t.Errorf("the screenshot shows %d pixels of board green, want the boards drawn", n)
	}
	if *screenshot != "" {
		data, err := os.ReadFile(shot)
		if err == nil {
			err = os.WriteFile(*screenshot, data, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// boardGreenPixels counts the pixels of the boards' colour.
func boardGreenPixels(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if r>>8 == 0x2e && g>>8 == 0x7d && bl>>8 == 0x4f {
				n++
			}
		}
	}
	return n
}
