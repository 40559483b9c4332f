// Package web serves Sable's page for the browser, "sable web": a board to
// play on, hints streaming as the search deepens, a value graph, game
// reviews and solves. Everything the page needs is embedded (static/):
// no CDN, no request outside the server's own address, no build step.
//
// The page holds its game and sends it with every request; the server
// replays it, so the rules live in one place and a bad request changes
// nothing. What the server keeps per page is an engine and the one search
// it runs (pages.go). Searches stream their progress as server-sent events
// on the response of the request that started them (stream.go): closing
// that response, starting another search or closing the page stops them.
package web

import (
	"embed"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"net/http"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/book"
	"github.com/sable-othello/sable/openings"
	"github.com/sable-othello/sable/search"
)

//go:embed static
var staticFiles embed.FS

// Config sets up a Server.
type Config struct {
	Engine search.Options // each page's engine: threads, table size, evaluation
	// Book names the opening book Sable plays and hints from:
	// book.DefaultName (the embedded one), book.OffName or a file.
	Book           string
	BookRandomness int            // book moves within this many discs of the best may be played
	Rules          bitboard.Rules // the rules of a new game; the page may change them
	// Sable's strength on a new page: a time a move if MoveTime is set,
	// else a depth if Depth is, else a level (0: DefaultLevel).
	Level    int
	Depth    int
	MoveTime time.Duration
	// Openings are the numbered openings of a new game, transcripts from
	// the Othello start (openings.Parse reads a list such as XOT's); nil:
	// Sable's balanced openings (openings.List).
	Openings []string
	Version  string      // shown on the page
	Log      *log.Logger // refused requests and failures; nil discards them
	// MaxPages bounds the engines held at once, each with a table of
	// Engine.HashMB: the pages' own, and an idle page's until it is freed;
	// 0: DefaultMaxPages.
	MaxPages int
	// IdleTimeout frees the engine of a page that has not searched for
	// that long; 0: DefaultIdleTimeout.
	IdleTimeout time.Duration
}

// Defaults of Config.
const (
	// DefaultLevel is Sable's level on a new page: the protocols' default,
	// which answers in well under a second.
	DefaultLevel = 12
	// DefaultMaxPages leaves room for a user's tabs; each holds a table.
	DefaultMaxPages = 32
	// DefaultIdleTimeout keeps a page's table while its user thinks over a
	// move, and gives it back once the page is left.
	DefaultIdleTimeout = 5 * time.Minute
)

// maxBodyBytes bounds a request body: a game record of one game is a few
// KiB, so 256 KiB leaves room for a pasted file of several.
const maxBodyBytes = 256 << 10

// Server is the web interface's state: the pages' engines and the book.
type Server struct {
	cfg    Config
	player *book.Player
	pages  *pages
	static fs.FS
}

// New returns a server for cfg. It fails when the book cannot be read or
// a page's table does not fit in the memory available.
func New(cfg Config) (*Server, error) {
	if cfg.Level <= 0 {
		cfg.Level = DefaultLevel
	}
	if cfg.MaxPages <= 0 {
		cfg.MaxPages = DefaultMaxPages
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = DefaultIdleTimeout
	}
	if cfg.Log == nil {
		cfg.Log = log.New(io.Discard, "", 0)
	}
	if cfg.Book == "" {
		cfg.Book = book.DefaultName
	}
	if len(cfg.Openings) == 0 {
		cfg.Openings = openings.List()
	}
	if err := search.CheckTableFits(cfg.Engine.HashMB, 0); err != nil {
		return nil, err
	}
	player, err := book.NewPlayer(cfg.Book, cfg.BookRandomness)
	if err != nil {
		return nil, err
	}
	static, err := fs.Sub(staticFiles, "static")
	if err != nil {
		return nil, err
	}
	opts := cfg.Engine
	s := &Server{cfg: cfg, player: player, static: static,
		pages: newPages(func() (*search.Engine, error) { return search.New(opts) }, cfg.MaxPages, cfg.IdleTimeout)}
	return s, nil
}

// Close stops every search and frees the engines. Searches asked for
// after it are refused.
func (s *Server) Close() { s.pages.close() }

// Handler returns the server's handler for requests addressed to addr, the
// host:port it listens on: requests naming another host, or sent from a
// page of another origin, are refused (guard.go).
func (s *Server) Handler(addr string) http.Handler {
	mux := http.NewServeMux()
	files := http.FileServerFS(s.static)
	mux.Handle("GET /{$}", files)
	mux.Handle("GET /static/", http.StripPrefix("/static", files))
	mux.HandleFunc("GET /api/config", s.handleConfig)
	mux.HandleFunc("POST /api/game", s.handleGame)
	mux.HandleFunc("POST /api/play", s.handlePlay)
	mux.HandleFunc("POST /api/import", s.handleImport)
	mux.HandleFunc("POST /api/export", s.handleExport)
	mux.HandleFunc("POST /api/opening", s.handleOpening)
	mux.HandleFunc("POST /api/think", s.handleThink)
	mux.HandleFunc("POST /api/analyze", s.handleAnalyze)
	mux.HandleFunc("POST /api/solve", s.handleSolve)
	mux.HandleFunc("POST /api/review", s.handleReview)
	mux.HandleFunc("POST /api/stop", s.handleStop)
	return newGuard(addr, s.cfg.Log).wrap(mux)
}

// requestError is a bad request: its status (4xx) and the reason the page
// shows.
type requestError struct {
	status int
	msg    string
}

func (e *requestError) Error() string { return e.msg }

// badRequest returns a 400 error with a reason.
func badRequest(format string, args ...any) error {
	return &requestError{http.StatusBadRequest, fmt.Sprintf(format, args...)}
}

// writeError answers err: its own status for a requestError, 500 for
// anything else (logged, as it is the server's fault).
func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	var re *requestError
	if !errors.As(err, &re) {
		s.cfg.Log.Printf("web: %s %s: %v", r.Method, r.URL.Path, err)
		re = &requestError{http.StatusInternalServerError, err.Error()}
	}
	writeJSON(w, re.status, map[string]string{"error": re.msg})
}
