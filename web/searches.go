package web

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/search"
)

// The handlers that search: Sable's move, the hints, a solve and a review.
// Each checks its request (a 4xx before any event), takes the page's engine
// (pages.begin, which ends the page's previous search) and answers a
// stream of events (stream.go): progress, then the outcome. A stop asked
// for by the page ends the search with what it found; a page that went
// elsewhere gets nothing more.

// limitsJSON is how long Sable may think about a move: a level, a depth, a
// time a move, or a game clock; none set is the server's level.
type limitsJSON struct {
	Level int        `json:"level,omitempty"` // 1..search.MaxLevel
	Depth int        `json:"depth,omitempty"` // midgame plies, 1..60
	Time  float64    `json:"time,omitempty"`  // seconds a move
	Clock *clockJSON `json:"clock,omitempty"` // the mover's game clock
}

// clockJSON is the game clock of the side to move, in seconds.
type clockJSON struct {
	Remaining float64 `json:"remaining"`
	Increment float64 `json:"increment"`
}

// maxSeconds bounds the times a page may give: a day.
const maxSeconds = 86400

// limits returns the search limits, refusing values out of range.
func (l limitsJSON) limits(defaultLevel int) (search.Limits, error) {
	var lim search.Limits
	if l.Level < 0 || l.Level > search.MaxLevel {
		return lim, badRequest("level %d: want 1..%d", l.Level, search.MaxLevel)
	}
	if l.Depth < 0 || l.Depth > 60 {
		return lim, badRequest("depth %d: want 1..60 plies", l.Depth)
	}
	if l.Time < 0 || l.Time > maxSeconds {
		return lim, badRequest("time %g: want seconds a move, 0..%d", l.Time, maxSeconds)
	}
	lim.Level, lim.Depth, lim.Time = l.Level, l.Depth, seconds(l.Time)
	if c := l.Clock; c != nil {
		if c.Remaining <= 0 || c.Remaining > maxSeconds || c.Increment < 0 || c.Increment > maxSeconds {
			return lim, badRequest("clock %g+%g: want the seconds left (more than 0) and the increment, up to %d", c.Remaining, c.Increment, maxSeconds)
		}
		lim.Clock = search.Clock{Remaining: seconds(c.Remaining), Increment: seconds(c.Increment)}
	}
	if lim == (search.Limits{}) {
		lim.Level = defaultLevel
	}
	return lim, nil
}

func seconds(s float64) time.Duration { return time.Duration(s * float64(time.Second)) }

// infoJSON is one iteration of a search.
type infoJSON struct {
	Depth       int      `json:"depth"`
	Selectivity int      `json:"selectivity"`
	Exact       bool     `json:"exact"`
	WLD         bool     `json:"wld"`
	Score       int      `json:"score"` // for the side to move
	PV          []string `json:"pv"`
	Nodes       uint64   `json:"nodes"`
	Millis      int64    `json:"ms"`
}

func infoOf(i search.Info) infoJSON {
	return infoJSON{Depth: i.Depth, Selectivity: i.Selectivity, Exact: i.Exact, WLD: i.WLD, Score: i.Score,
		PV: moveNames(i.PV), Nodes: i.Nodes, Millis: i.Elapsed.Milliseconds()}
}

// searchRequest is what every search is asked with: the page and its game.
type searchRequest struct {
	Page string   `json:"page"`
	Game gameJSON `json:"game"`
}

// start reads a search request into req (which embeds searchRequest as
// base), replays its game and checks the request with check, then takes
// the page's engine. On error it has answered, and the page's running
// search goes on.
func (s *Server) start(w http.ResponseWriter, r *http.Request, req any, base *searchRequest, check func(g *game) error) (*game, *run, bool) {
	g, ok := s.read(w, r, req, &base.Game)
	if !ok {
		return nil, nil, false
	}
	if err := check(g); err != nil {
		s.writeError(w, r, err)
		return nil, nil, false
	}
	run, err := s.pages.begin(r.Context(), base.Page)
	if err != nil {
		s.writeError(w, r, err)
		return nil, nil, false
	}
	return g, run, true
}

// notOver refuses a finished game, which has nothing to search.
func notOver(g *game) error {
	if end := g.last(); end.GameOver() {
		return badRequest("the game is over: %s", resultOf(end).Text)
	}
	return nil
}

// usesBook reports whether the book may value pos: it holds Othello games
// scored by WOF.
func (s *Server) usesBook(pos bitboard.Position) bool {
	return s.player.Book() != nil && pos.Rules == bitboard.DefaultRules(bitboard.Othello)
}

// thinkRequest asks for Sable's move.
type thinkRequest struct {
	searchRequest
	Limits limitsJSON `json:"limits"`
}

// moveJSON is Sable's move, and the game once it is played.
type moveJSON struct {
	infoJSON
	Move    string    `json:"move"`
	Book    bool      `json:"book"`    // from the opening book
	Stopped bool      `json:"stopped"` // the page stopped the search: its best move so far
	State   stateJSON `json:"state"`
}

// reporting is an engine whose searches report to info, for the book's
// player, which searches outside the book.
type reporting struct {
	*search.Engine
	info func(search.Info)
}

func (r reporting) Search(ctx context.Context, pos bitboard.Position, lim search.Limits, _ func(search.Info)) search.Result {
	return r.Engine.Search(ctx, pos, lim, r.info)
}

func (s *Server) handleThink(w http.ResponseWriter, r *http.Request) {
	var req thinkRequest
	var lim search.Limits
	g, run, ok := s.start(w, r, &req, &req.searchRequest, func(g *game) (err error) {
		if lim, err = req.Limits.limits(s.cfg.Level); err != nil {
			return err
		}
		return notOver(g)
	})
	if !ok {
		return
	}
	defer run.end()
	st := newStream(w)
	pos := g.last()
	info := func(i search.Info) { st.send("info", infoOf(i)) }
	var res search.Result
	fromBook := false
	if s.usesBook(pos) {
		res, fromBook = s.player.Choose(run.ctx, pos, reporting{run.eng, info}, lim)
	} else {
		res = run.eng.Search(run.ctx, pos, lim, info)
	}
	if run.gone.Err() != nil {
		return
	}
	next, err := g.play(moveName(res.Move))
	if err != nil {
		st.send("error", map[string]string{"error": fmt.Sprintf("the search answered %s: %v", moveName(res.Move), err)})
		return
	}
	st.send("move", moveJSON{infoJSON: infoOf(res.Info), Move: moveName(res.Move), Book: fromBook,
		Stopped: run.ctx.Err() != nil, State: next.state()})
}

// analyzeRequest asks for the hints of the game's last position.
type analyzeRequest struct {
	searchRequest
}

// bookMoveJSON is a move the book values.
type bookMoveJSON struct {
	Move  string   `json:"move"`
	Score int      `json:"score"`
	Games int      `json:"games"` // through the position after it
	Depth int      `json:"depth"`
	Exact bool     `json:"exact"`
	PV    []string `json:"pv"`
}

// analysisJSON is one iteration of the hints: every move's value.
type analysisJSON struct {
	Ply         int             `json:"ply"` // the plies before the position analysed
	Depth       int             `json:"depth"`
	Selectivity int             `json:"selectivity"`
	Exact       bool            `json:"exact"`
	WLD         bool            `json:"wld"`
	Nodes       uint64          `json:"nodes"`
	Millis      int64           `json:"ms"`
	Moves       []moveValueJSON `json:"moves"`
}

// moveValueJSON is a move's value for the side to move, and its line.
type moveValueJSON struct {
	Move  string   `json:"move"`
	Score int      `json:"score"`
	PV    []string `json:"pv"`
}

func (s *Server) handleAnalyze(w http.ResponseWriter, r *http.Request) {
	var req analyzeRequest
	g, run, ok := s.start(w, r, &req, &req.searchRequest, notOver)
	if !ok {
		return
	}
	defer run.end()
	st := newStream(w)
	pos, ply := g.last(), len(g.plies)
	if s.usesBook(pos) {
		if hints := s.player.Hints(pos, 64); len(hints) > 0 {
			out := make([]bookMoveJSON, len(hints))
			for i, h := range hints {
				out[i] = bookMoveJSON{Move: moveName(h.Square), Score: h.Value, Games: h.Games, Depth: h.Depth,
					Exact: h.Exact, PV: moveNames(h.Line)}
			}
			st.send("book", map[string]any{"ply": ply, "moves": out})
		}
	}
	// Hints have no limit: they deepen until the game is solved or the
	// page stops them, moves, or leaves.
	a := run.eng.Analyze(run.ctx, pos, search.Limits{}, 0, func(a search.Analysis) {
		st.send("analysis", analysisOf(a, ply))
	})
	if run.gone.Err() != nil {
		return
	}
	st.send("done", map[string]any{"ply": ply, "stopped": a.Stopped})
}

func analysisOf(a search.Analysis, ply int) analysisJSON {
	out := analysisJSON{Ply: ply, Depth: a.Depth, Selectivity: a.Selectivity, Exact: a.Exact, WLD: a.WLD,
		Nodes: a.Nodes, Millis: a.Elapsed.Milliseconds(), Moves: make([]moveValueJSON, len(a.Moves))}
	for i, v := range a.Moves {
		out.Moves[i] = moveValueJSON{Move: moveName(v.Move), Score: v.Score, PV: moveNames(v.PV)}
	}
	return out
}

// solveRequest asks for the game's last position solved.
type solveRequest struct {
	searchRequest
	WLD bool `json:"wld"` // win/loss/draw only
}

// progressJSON is how far a solve has gone.
type progressJSON struct {
	Nodes  uint64 `json:"nodes"`
	Millis int64  `json:"ms"`
}

// progressEvery is how often a solve reports its nodes between iterations.
const progressEvery = 250 * time.Millisecond

func (s *Server) handleSolve(w http.ResponseWriter, r *http.Request) {
	var req solveRequest
	g, run, ok := s.start(w, r, &req, &req.searchRequest, notOver)
	if !ok {
		return
	}
	defer run.end()
	st := newStream(w)
	start := time.Now()
	tick := time.NewTicker(progressEvery)
	done := make(chan struct{})
	go func() {
		defer tick.Stop()
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				st.send("progress", progressJSON{Nodes: run.eng.Nodes(), Millis: time.Since(start).Milliseconds()})
			}
		}
	}()
	res := run.eng.SolveInfo(run.ctx, g.last(), req.WLD, func(i search.Info) { st.send("info", infoOf(i)) })
	close(done)
	if run.gone.Err() != nil {
		return
	}
	st.send("result", map[string]any{"info": infoOf(res.Info), "move": moveName(res.Move), "stopped": res.Stopped})
}

// stopRequest asks a page's search to stop.
type stopRequest struct {
	Page string `json:"page"`
}

func (s *Server) handleStop(w http.ResponseWriter, r *http.Request) {
	var req stopRequest
	if err := decodeRequest(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	if err := checkPageID(req.Page); err != nil {
		s.writeError(w, r, err)
		return
	}
	writeJSON(w, http.StatusOK, map[string]bool{"stopped": s.pages.stopSearch(req.Page)})
}
