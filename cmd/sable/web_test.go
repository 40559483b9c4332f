package main

import (
	"context"
	"io"
	"log"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/web"
)

func TestWebRefusesBadEngineFlags(t *testing.T) {
	for _, args := range [][]string{{"web", "--threads", "0"}, {"web", "--rules", "go"}, {"web", "--mpc", "1,2"}, {"web", "extra"}} {
		code, _, errOut := runSable(t, "", args...)
		if code != 2 || !strings.Contains(errOut, "usage: sable web") {
			t.Errorf("sable %s: exit %d, stderr %.120q; want 2 with the usage", strings.Join(args, " "), code, errOut)
		}
	}
	if code, _, errOut := runSable(t, "", "web", "--eval", "/no/such/weights"); code != 2 || !strings.Contains(errOut, "--eval") {
		t.Errorf("sable web --eval /no/such/weights: exit %d, stderr %q", code, errOut)
	}
	bad := filepath.Join(t.TempDir(), "xot.txt")
	if err := os.WriteFile(bad, []byte("f5d6c3d3c4f4f6f3\nf5d6c3d3c4f4f6f6\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := runSable(t, "", "web", "--openings", bad); code != 1 || !strings.Contains(errOut, "--openings "+bad+": line 2: move 8: illegal move f6") {
		t.Errorf("sable web --openings with an illegal line: exit %d, stderr %q", code, errOut)
	}
}

// lineWriter passes the first line written to it on a channel.
type lineWriter struct{ lines chan string }

func (w lineWriter) Write(p []byte) (int, error) {
	select {
	case w.lines <- string(p):
	default:
	}
	return len(p), nil
}

func TestWebServesThePageUntilInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	out := lineWriter{make(chan string, 1)}
	cfg := web.Config{Engine: search.Options{HashMB: 2}, Log: log.New(io.Discard, "", 0)}
	done := make(chan error, 1)
	go func() { done <- serveWeb(ctx, "127.0.0.1:0", false, cfg, out) }()
	line := <-out.lines
	url := strings.Fields(strings.TrimPrefix(line, "sable web: serving "))[0]
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("sable web printed %q", line)
	}
	resp, err := http.Get(url + "api/config")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %sapi/config: %d", url, resp.StatusCode)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("serveWeb after Ctrl-C: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("serveWeb still serves 10 s after Ctrl-C")
	}
}
