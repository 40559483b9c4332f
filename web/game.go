package web

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sable-othello/sable/bitboard"
)

// The page holds its game; the server holds none. Every request carries the
// game as gameJSON, and the server replays it: the rules are applied in one
// place (bitboard), and a bad request cannot change a game the server keeps.

// gameJSON is a game as the page holds it and sends it.
type gameJSON struct {
	Rules   string   `json:"rules"`           // "othello" or "classic"; empty: othello
	Scoring string   `json:"scoring"`         // "wof" or "discs"; empty: the rules' own
	Start   string   `json:"start,omitempty"` // the start as an OBF board string; empty: the rules' start
	Moves   []string `json:"moves"`           // squares ("f5") and passes ("pass"); forced passes may be left out
	Black   string   `json:"black,omitempty"` // the players' names, for the saved record
	White   string   `json:"white,omitempty"`
}

// game is a replayed gameJSON: its start, every ply (passes written out)
// and the position before each ply, then the last.
type game struct {
	json      gameJSON
	start     bitboard.Position
	plies     []int
	positions []bitboard.Position // len(plies)+1
}

// maxPlies bounds a game's moves: 60 squares and as many passes leave room
// for any game, classic Reversi's included.
const maxPlies = 130

// parseRules reads the rules and scoring of a game.
func parseRules(variant, scoring string) (bitboard.Rules, error) {
	v := bitboard.Othello
	if variant != "" {
		var err error
		if v, err = bitboard.ParseVariant(variant); err != nil {
			return bitboard.Rules{}, fmt.Errorf("rules %q: want othello or classic", variant)
		}
	}
	r := bitboard.DefaultRules(v)
	if scoring != "" {
		sc, err := bitboard.ParseScoring(scoring)
		if err != nil {
			return bitboard.Rules{}, fmt.Errorf("scoring %q: want wof or discs", scoring)
		}
		r.Scoring = sc
	}
	return r, nil
}

// startPosition reads a start board under rules r, refusing a position
// that no game can reach.
func startPosition(board string, r bitboard.Rules) (bitboard.Position, error) {
	if board == "" {
		return bitboard.NewGame(r), nil
	}
	b, side, err := bitboard.ParseBoardString(board)
	if err != nil {
		return bitboard.Position{}, fmt.Errorf("start: %w", err)
	}
	pos := bitboard.FromBoard(b, side, r)
	if err := bitboard.Reachable(pos); err != nil {
		return bitboard.Position{}, fmt.Errorf("start: %w", err)
	}
	return pos, nil
}

// replay checks a game sent by the page and replays it. A side that must
// pass after the last move passes: the page shows the pass as played.
func replay(g gameJSON) (*game, error) {
	r, err := parseRules(g.Rules, g.Scoring)
	if err != nil {
		return nil, err
	}
	start, err := startPosition(g.Start, r)
	if err != nil {
		return nil, err
	}
	if len(g.Moves) > maxPlies {
		return nil, fmt.Errorf("moves: %d, more than any game has (%d)", len(g.Moves), maxPlies)
	}
	moves := make([]int, len(g.Moves))
	for i, m := range g.Moves {
		if moves[i], err = parseMove(m); err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	plies, end, err := bitboard.ReplayPlies(start, moves)
	if err != nil {
		return nil, err
	}
	if end.MustPass() {
		plies = append(plies, bitboard.PassMove)
	}
	out := &game{start: start, plies: plies, positions: make([]bitboard.Position, 0, len(plies)+1)}
	pos := start
	out.positions = append(out.positions, pos)
	for _, m := range plies {
		if m == bitboard.PassMove {
			pos = pos.Pass()
		} else {
			pos = pos.Play(m)
		}
		out.positions = append(out.positions, pos)
	}
	out.json = gameJSON{Rules: r.Variant.String(), Scoring: r.Scoring.String(), Moves: moveNames(plies),
		Black: g.Black, White: g.White}
	if start != bitboard.NewGame(r) {
		out.json.Start = bitboard.BoardString(start.Board, start.Side)
	}
	return out, nil
}

// parseMove reads a square or a pass ("pass", "pa", "ps").
func parseMove(s string) (int, error) {
	if strings.EqualFold(s, "pass") {
		return bitboard.PassMove, nil
	}
	return bitboard.ParseMove(s)
}

// moveName writes a square as the page names it ("f5"), a pass as "pass".
func moveName(m int) string {
	if m == bitboard.PassMove {
		return "pass"
	}
	return bitboard.SquareName(m)
}

// moveNames writes moves with moveName.
func moveNames(moves []int) []string {
	out := make([]string, len(moves))
	for i, m := range moves {
		out[i] = moveName(m)
	}
	return out
}

// last returns the position at the end of the game.
func (g *game) last() bitboard.Position { return g.positions[len(g.positions)-1] }

// play returns the game with move appended (and any forced pass after it);
// an illegal move is refused and changes nothing.
func (g *game) play(move string) (*game, error) {
	m, err := parseMove(move)
	if err != nil {
		return nil, err
	}
	pos := g.last()
	switch {
	case pos.GameOver():
		return nil, fmt.Errorf("move %s: the game is over", move)
	case m == bitboard.PassMove:
		return nil, fmt.Errorf("pass: %s has a legal move", pos.Side)
	case !pos.Legal(m):
		return nil, fmt.Errorf("move %s: illegal for %s", move, pos.Side)
	}
	next := g.json
	next.Moves = append(append([]string(nil), g.json.Moves...), moveName(m))
	return replay(next)
}

// stateJSON is what the page draws: the game as the server replayed it,
// and every position of it.
type stateJSON struct {
	Game      gameJSON       `json:"game"`
	Positions []positionJSON `json:"positions"` // before each ply, then the last
	Result    *resultJSON    `json:"result"`    // null until the game is over
}

// positionJSON is one position of a game.
type positionJSON struct {
	Board string   `json:"board"` // 64 cells a1..h8: X black, O white, - empty
	Side  string   `json:"side"`  // to move: "black" or "white"
	Black int      `json:"black"` // discs on the board
	White int      `json:"white"`
	Legal []string `json:"legal"` // the legal squares of the side to move
	Pass  bool     `json:"pass"`  // the side to move has no move and must pass
	Over  bool     `json:"over"`
	Empty int      `json:"empties"`
}

// resultJSON is the score of a finished game under its scoring.
type resultJSON struct {
	Black  int    `json:"black"`
	White  int    `json:"white"`
	Winner string `json:"winner"` // "black", "white" or "draw"
	Text   string `json:"text"`   // "Black wins 40-24"
}

// state returns what the page draws of g.
func (g *game) state() stateJSON {
	st := stateJSON{Game: g.json, Positions: make([]positionJSON, len(g.positions))}
	for i, p := range g.positions {
		st.Positions[i] = positionOf(p)
	}
	if end := g.last(); end.GameOver() {
		st.Result = resultOf(end)
	}
	return st
}

// positionOf describes one position.
func positionOf(p bitboard.Position) positionJSON {
	black, white := p.BlackWhite()
	out := positionJSON{Board: bitboard.BoardString(p.Board, p.Side)[:64], Side: p.Side.String(),
		Black: bits.OnesCount64(black), White: bits.OnesCount64(white), Legal: []string{},
		Pass: p.MustPass(), Over: p.GameOver(), Empty: p.Board.NumEmpties()}
	for m := p.Moves(); m != 0; m &= m - 1 {
		out.Legal = append(out.Legal, bitboard.SquareName(bits.TrailingZeros64(m)))
	}
	return out
}

// resultOf scores a finished game.
func resultOf(p bitboard.Position) *resultJSON {
	b, w := p.FinalCounts()
	r := &resultJSON{Black: b, White: w, Winner: "draw", Text: fmt.Sprintf("Draw %d-%d", b, w)}
	switch {
	case b > w:
		r.Winner, r.Text = "black", fmt.Sprintf("Black wins %d-%d", b, w)
	case w > b:
		r.Winner, r.Text = "white", fmt.Sprintf("White wins %d-%d", w, b)
	}
	return r
}
