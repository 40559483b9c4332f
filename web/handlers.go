package web

import (
	"math/rand/v2"
	"net/http"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/search"
)

// The handlers of the game: none searches, none keeps anything. Each reads
// a JSON body, replays the game it carries, and answers the new state or a
// 4xx with the reason (the page's game then stays as it was).

// configJSON is what the page needs to know of the server.
type configJSON struct {
	Version  string  `json:"version"`
	Rules    string  `json:"rules"` // of a new game
	Scoring  string  `json:"scoring"`
	Level    int     `json:"level"` // Sable's strength on a new page: level, depth or seconds a move
	Depth    int     `json:"depth"`
	Time     float64 `json:"time"`
	MaxLevel int     `json:"maxLevel"`
	Openings int     `json:"openings"` // how many openings /api/opening numbers
	Book     bool    `json:"book"`     // Sable has an opening book
	Threads  int     `json:"threads"`
	HashMB   int     `json:"hashMB"`
}

func (s *Server) handleConfig(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, configJSON{Version: s.cfg.Version, Rules: s.cfg.Rules.Variant.String(),
		Scoring: s.cfg.Rules.Scoring.String(), Level: s.cfg.Level, Depth: s.cfg.Depth, Time: s.cfg.MoveTime.Seconds(),
		MaxLevel: search.MaxLevel,
		Openings: len(s.cfg.Openings), Book: s.player.Book() != nil, Threads: max(1, s.cfg.Engine.Threads),
		HashMB: s.cfg.Engine.HashMB})
}

// gameRequest carries a game.
type gameRequest struct {
	Game gameJSON `json:"game"`
}

// read decodes r's body into req and replays the game it carries, *gj;
// on error it has answered.
func (s *Server) read(w http.ResponseWriter, r *http.Request, req any, gj *gameJSON) (*game, bool) {
	if err := decodeRequest(w, r, req); err != nil {
		s.writeError(w, r, err)
		return nil, false
	}
	g, err := replay(*gj)
	if err != nil {
		s.writeError(w, r, badRequest("%v", err))
		return nil, false
	}
	return g, true
}

// handleGame replays a game: the page sends one it made (a new game, a
// position set up by hand) to have it checked and drawn.
func (s *Server) handleGame(w http.ResponseWriter, r *http.Request) {
	var req gameRequest
	if g, ok := s.read(w, r, &req, &req.Game); ok {
		writeJSON(w, http.StatusOK, g.state())
	}
}

// playRequest is a move to add to a game.
type playRequest struct {
	Game gameJSON `json:"game"`
	Move string   `json:"move"`
}

func (s *Server) handlePlay(w http.ResponseWriter, r *http.Request) {
	var req playRequest
	g, ok := s.read(w, r, &req, &req.Game)
	if !ok {
		return
	}
	g, err := g.play(req.Move)
	if err != nil {
		s.writeError(w, r, badRequest("%v", err))
		return
	}
	writeJSON(w, http.StatusOK, g.state())
}

// importRequest is a game pasted into the page.
type importRequest struct {
	Text    string `json:"text"`    // a transcript, an OBF line, a GGF or SGF record
	Rules   string `json:"rules"`   // the rules of a record that does not say
	Scoring string `json:"scoring"` // likewise
}

func (s *Server) handleImport(w http.ResponseWriter, r *http.Request) {
	var req importRequest
	if err := decodeRequest(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	rules, err := parseRules(req.Rules, req.Scoring)
	if err != nil {
		s.writeError(w, r, badRequest("%v", err))
		return
	}
	gj, err := importGame(req.Text, rules)
	var g *game
	if err == nil {
		g, err = replay(gj)
	}
	if err != nil {
		s.writeError(w, r, badRequest("%v", err))
		return
	}
	writeJSON(w, http.StatusOK, g.state())
}

// exportRequest asks for a game as a file.
type exportRequest struct {
	Game   gameJSON `json:"game"`
	Format string   `json:"format"` // "ggf" or "transcript"
}

// exportJSON is a saved game: the file's text and a name for it.
type exportJSON struct {
	Text     string `json:"text"`
	Filename string `json:"filename"`
}

func (s *Server) handleExport(w http.ResponseWriter, r *http.Request) {
	var req exportRequest
	g, ok := s.read(w, r, &req, &req.Game)
	if !ok {
		return
	}
	var out exportJSON
	switch req.Format {
	case "ggf":
		out = exportJSON{Text: g.ggf() + "\n", Filename: "sable-game.ggf"}
	case "transcript":
		out = exportJSON{Text: g.transcript() + "\n", Filename: "sable-game.txt"}
	default:
		s.writeError(w, r, badRequest("format %q: want ggf or transcript", clip(req.Format)))
		return
	}
	writeJSON(w, http.StatusOK, out)
}

// openingRequest asks for an opening by its number, from 1, or a random
// one (0). The openings are Othello's; the scoring may be either.
type openingRequest struct {
	Number  int    `json:"number"`
	Scoring string `json:"scoring"`
}

// openingJSON is the game of an opening and its number.
type openingJSON struct {
	stateJSON
	Number int `json:"number"`
}

func (s *Server) handleOpening(w http.ResponseWriter, r *http.Request) {
	var req openingRequest
	if err := decodeRequest(w, r, &req); err != nil {
		s.writeError(w, r, err)
		return
	}
	list := s.cfg.Openings
	n := req.Number
	switch {
	case n == 0:
		n = 1 + rand.IntN(len(list))
	case n < 0 || n > len(list):
		s.writeError(w, r, badRequest("opening %d: want 1..%d, or 0 for a random one", n, len(list)))
		return
	}
	moves, err := bitboard.ParseTranscript(list[n-1])
	if err != nil {
		s.writeError(w, r, err) // New's callers give parsed lists
		return
	}
	g, err := replay(gameJSON{Rules: bitboard.Othello.String(), Scoring: req.Scoring, Moves: moveNames(moves)})
	if err != nil {
		s.writeError(w, r, badRequest("%v", err)) // a bad scoring: the openings are checked by their tests
		return
	}
	writeJSON(w, http.StatusOK, openingJSON{g.state(), n})
}
