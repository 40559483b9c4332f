package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"os/exec"
	"runtime"
	"time"

	"github.com/sable-othello/sable/internal/cli"
	"github.com/sable-othello/sable/internal/version"
	"github.com/sable-othello/sable/openings"
	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/web"
)

// runWeb implements "sable web": the page to play, analyse and review in
// the browser, served on a local address, with the protocol mode's engine
// flags.
func runWeb(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("web", "[flags]", "Serves a page to play Sable, see every move's value and review games, at\nhttp://ADDR/: nothing to install, and the page makes no request elsewhere.\nThe engine flags are the protocol mode's; --level, --depth and --time\nset Sable's strength on a new page (the page can change it).", stdout, stderr)
	addr := fs.String("addr", "127.0.0.1:8080", "listen on `host:port`; requests naming another address are refused")
	open := fs.Bool("open", false, "open the page in the browser")
	list := fs.String("openings", "", "number the openings of `FILE`, a list in the XOT format (default: Sable's 400 balanced openings)")
	pfs, o := protocolFlags(stdout, stderr)
	pfs.VisitAll(func(f *flag.Flag) {
		if f.Name != "protocol" && f.Name != "log" {
			fs.Var(f.Value, f.Name, f.Usage)
		}
	})
	if err := fs.Parse(args); err != nil {
		return fs.Exit(err)
	}
	if fs.NArg() > 0 {
		return fs.Exit(fs.UsageError("unexpected argument %q", fs.Arg(0)))
	}
	st, ev, mpc, err := o.engine(fs)
	if err != nil {
		return fs.Exit(err)
	}
	var starts []string
	if *list != "" {
		text, err := os.ReadFile(*list)
		if err == nil {
			starts, err = openings.Parse(string(text))
		}
		if err != nil {
			return fs.Exit(fmt.Errorf("--openings %s: %w", *list, err))
		}
	}
	cfg := web.Config{Openings: starts, Engine: search.Options{HashMB: st.HashMB, Threads: st.Threads, Eval: ev, Probcut: mpc, SolvedEntries: search.DefaultSolvedEntries},
		Book: st.Book, BookRandomness: st.BookRandomness, Rules: st.Rules, Level: st.Level, Depth: st.Depth, MoveTime: st.MoveTime,
		Version: version.String(), Log: log.New(stderr, "", log.LstdFlags)}
	return fs.Run(func(ctx context.Context) error { return serveWeb(ctx, *addr, *open, cfg, stdout) })
}

// serveWeb serves the page on addr until ctx ends (Ctrl-C).
func serveWeb(ctx context.Context, addr string, open bool, cfg web.Config, stdout io.Writer) error {
	s, err := web.New(cfg)
	if err != nil {
		return err
	}
	defer s.Close()
	l, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	url := "http://" + l.Addr().String() + "/"
	srv := &http.Server{Handler: s.Handler(l.Addr().String()), ReadHeaderTimeout: 10 * time.Second, ErrorLog: cfg.Log}
	fmt.Fprintf(stdout, "sable web: serving %s (Ctrl-C stops)\n", url)
	if open {
		if err := openBrowser(url); err != nil {
			cfg.Log.Printf("sable web: --open: %v; open %s yourself", err, url)
		}
	}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(l) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		s.Close() // ends the searches, whose event streams hold their requests open
		shut, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		if err := srv.Shutdown(shut); err != nil && !errors.Is(err, context.DeadlineExceeded) {
			return err
		}
		return nil
	}
}

// openBrowser opens url in the user's browser.
func openBrowser(url string) error {
	name, args := "xdg-open", []string{url}
	switch runtime.GOOS {
	case "darwin":
		name = "open"
	case "windows":
		name, args = "rundll32", []string{"url.dll,FileProtocolHandler", url}
	}
	cmd := exec.Command(name, args...)
	if err := cmd.Start(); err != nil {
		return err
	}
	go cmd.Wait() // reap it; the browser outlives the command on most systems
	return nil
}
