package web

import (
	"context"
	"flag"
	"fmt"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sable-othello/sable/book"
	evaluation "github.com/sable-othello/sable/eval"
)

var loadFor = flag.Duration("load", 5*time.Second, "how long the load test's pages analyse (the issue asks for 30s; the suite keeps it short)")

// residentBytes returns the memory the process holds (its resident set),
// and false where /proc does not tell.
func residentBytes() (int64, bool) {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0, false
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0, false
	}
	pages, err := strconv.ParseInt(f[1], 10, 64)
	return pages * int64(os.Getpagesize()), err == nil
}

func TestTwentyPagesAnalysingAtOnceAllStopWhenClosed(t *testing.T) {
	const pages, hashMB = 20, 16
	http.DefaultClient.CloseIdleConnections()
	t0 := time.Now()
	goroutines := runtime.NumGoroutine()
	// The evaluations are decoded once a process and shared by every page
	// (the embedded weights' tables take 41 MB at 30 phases), so they are
	// loaded before the count starts: what closing the pages must give back
	// is what the pages alone took.
	if _, err := evaluation.Default(); err != nil {
		t.Fatal(err)
	}
	if _, err := evaluation.DefaultOrder(); err != nil {
		t.Fatal(err)
	}
	debug.FreeOSMemory()
	before, haveRSS := residentBytes()

	cfg := testConfig()
	cfg.Book = book.OffName
	cfg.Engine.HashMB = hashMB
	cfg.IdleTimeout = 50 * time.Millisecond
	ts := newTestServer(t, cfg)
	var analyses atomic.Int64
	closers := make([]context.CancelFunc, pages)
	ended := make(chan struct{}, pages)
	opened := make(chan error, pages)
	for i := range pages {
		// Each page analyses its own position, two moves in.
		first := []string{"f5", "d3", "c4", "e6"}[i%4]
		reply := map[string]string{"f5": "d6", "d3": "c5", "c4": "c3", "e6": "f4"}[first]
		body := fmt.Sprintf(`{"page":"load%d","game":{"moves":["%s","%s"]}}`, i, first, reply)
		go func() {
			ch, cancel, err := openEvents(ts.url+"/api/analyze", body)
			closers[i] = cancel
			opened <- err
			if err != nil {
				return
			}
			for ev := range ch {
				if ev.name == "analysis" {
					analyses.Add(1)
				}
			}
			ended <- struct{}{}
		}()
	}
	for range pages {
		if err := <-opened; err != nil {
			t.Fatal(err)
		}
	}
	t.Logf("%d pages opened in %v", pages, time.Since(t0).Round(time.Millisecond))
	time.Sleep(*loadFor)
	if n := ts.pages.count(); n != pages {
		t.Fatalf("%d pages hold an engine, want %d", n, pages)
	}
	during, _ := residentBytes()
	for i := range pages {
		runningSearch(t, ts, fmt.Sprintf("load%d", i))
	}

	// All pages close.
	start := time.Now()
	for _, c := range closers {
		c()
	}
	for i := range pages {
		waitIdle(t, ts, fmt.Sprintf("load%d", i))
	}
	stopped := time.Since(start)
	for range pages {
		<-ended
	}
	for i := 0; ts.pages.count() > 0; i++ {
		if i == 5000 {
			t.Fatalf("%d closed pages still hold their engine", ts.pages.count())
		}
		time.Sleep(time.Millisecond)
	}
	debug.FreeOSMemory()
	after, _ := residentBytes()
	t.Logf("%d pages analysed for %v (%d iterations streamed); all %d searches ended %v after the pages closed; resident memory %d MiB before, %d MiB during, %d MiB after",
		pages, *loadFor, analyses.Load(), pages, stopped.Round(time.Microsecond), before>>20, during>>20, after>>20)
	if analyses.Load() < pages {
		t.Errorf("%d analyses streamed for %d pages", analyses.Load(), pages)
	}
	if haveRSS && after-before > (hashMB+16)<<20 {
		t.Errorf("resident memory grew by %d MiB once the pages closed, more than one table (%d MiB) and 16 MiB", (after-before)>>20, hashMB)
	}
	ts.close()
	http.DefaultClient.CloseIdleConnections()
	for i := 0; runtime.NumGoroutine() > goroutines; i++ {
		if i == 5000 {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines left, %d before the pages opened:\n%s", runtime.NumGoroutine(), goroutines, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(time.Millisecond)
	}
}
