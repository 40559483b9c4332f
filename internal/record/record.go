// Package record reads and writes Othello game records: GGF (GGS, NBoard,
// Edax, and the results files of sable match), SGF (Quarry, Edax, GoGui) and
// move transcripts ("f5d6c3"). It holds the one game clock type,
// TimeControl, with its two text forms.
//
// A record is read without replaying it: moves are checked for syntax, not
// legality (except in a transcript, whose passes and colours only a replay
// can tell). Times in records are kept to the millisecond.
package record

import (
	"fmt"
	"strings"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// Game is one game record. What the record does not say is left zero.
type Game struct {
	Players [2]string      // names, indexed by bitboard.Color (GGF/SGF PB, PW)
	Clocks  [2]TimeControl // per colour (GGF TI/TB/TW, SGF TM)
	Setup   *Setup         // the start when the record gives one (GGF BO, SGF AB/AW/AE/PL); nil: the rules' start
	Moves   []Move         // in order; passes the record writes are moves with Square bitboard.PassMove
	Result  Result         // how the game ended (GGF/SGF RE)
	Place   string         // PC
	Date    string         // DT, as the record writes it
	Name    string         // GN: the game's name or number
	Type    string         // GGF TY, the GGS game type ("8": standard 8×8 Othello)
}

// Setup is a start position written in a record.
type Setup struct {
	Board bitboard.Board // seen from Side
	Side  bitboard.Color // to move
}

// Move is one move of a record.
type Move struct {
	Square    int            // a square, or bitboard.PassMove
	Side      bitboard.Color // who played it
	Eval      float64        // the mover's evaluation in discs, when Evaluated
	Evaluated bool           // the record gives an evaluation
	Time      time.Duration  // thinking time; 0 when the record gives none
}

// Result is how a game ended, from Black's side.
type Result struct {
	Over    bool    // false: unfinished, or not recorded (RE[?])
	Diff    float64 // Black's disc difference; ±ForfeitDiff for a forfeit read from SGF
	Forfeit byte    // 0: played out; 't': the loser ran out of time; 'r': it resigned or forfeited otherwise
}

// ForfeitDiff is the disc difference a forfeit scores, the largest there is,
// as GGS scores a time loss.
const ForfeitDiff = 64

// Start returns the position the game starts from under rules r: its setup,
// or the rules' start.
func (g *Game) Start(r bitboard.Rules) bitboard.Position {
	if g.Setup != nil {
		return bitboard.FromBoard(g.Setup.Board, g.Setup.Side, r)
	}
	return bitboard.NewGame(r)
}

// Squares returns the moves as squares, passes as bitboard.PassMove.
func (g *Game) Squares() []int {
	sq := make([]int, len(g.Moves))
	for i, m := range g.Moves {
		sq[i] = m.Square
	}
	return sq
}

// Parse reads a game record of any format it knows: GGF (GM[Othello], or a
// BO board and no GM), SGF (GM[2], or no GM; the main line of its tree) or,
// when the text has no game tree, a transcript of moves from the Othello
// start. Of a file of several games, the first is read.
func Parse(text string) (*Game, error) {
	if !strings.Contains(text, "(") {
		g, err := ParseTranscript(strings.TrimSpace(text))
		if err != nil {
			return nil, fmt.Errorf("game record: no game tree (missing '(') and not a transcript: %w", err)
		}
		return g, nil
	}
	nodes, err := parseTree(text)
	if err != nil {
		return nil, err
	}
	gm, bo := "", false
	for _, n := range nodes {
		for _, p := range n {
			switch p.name {
			case "GM":
				if gm == "" {
					gm = strings.ToLower(strings.TrimSpace(p.values[0]))
				}
			case "BO":
				bo = true
			}
		}
	}
	switch {
	case gm == "othello" || (gm == "" && bo):
		return ggfGame(nodes)
	case gm == "2" || gm == "":
		return sgfGame(nodes)
	}
	return nil, fmt.Errorf("GM[%s]: not an Othello game (want GM[Othello] or GM[2])", gm)
}

// colorOfMoveProperty returns the colour of a B or W move property.
func colorOfMoveProperty(name string) bitboard.Color {
	if name == "W" {
		return bitboard.White
	}
	return bitboard.Black
}

// clip shortens a value for an error message.
func clip(s string) string {
	const n = 40
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
