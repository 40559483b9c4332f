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
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// Record is one game record. What the record does not say is left zero.
type Record struct {
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
func (g *Record) Start(r bitboard.Rules) bitboard.Position {
	if g.Setup != nil {
		return bitboard.FromBoard(g.Setup.Board, g.Setup.Side, r)
	}
	return bitboard.NewGame(r)
}

// Squares returns the moves as squares, passes as bitboard.PassMove.
func (g *Record) Squares() []int {
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
func Parse(text string) (*Record, error) {
	if !strings.Contains(text, "(") {
		g, err := ParseTranscript(strings.TrimSpace(text))
		if err != nil {
			return nil, fmt.Errorf("game record: no game tree (missing '(') and not a transcript: %w", err)
		}
		return g, nil
	}
	return parseFirst(text, treeGame)
}

// parseFirst reads the first game tree of text and interprets its main line
// with game; an error gets its line and column.
func parseFirst(text string, game func([]node) (*Record, error)) (*Record, error) {
	nodes, err := parseTree(text)
	if err == nil {
		var g *Record
		if g, err = game(nodes); err == nil {
			return g, nil
		}
	}
	return nil, locate(text, err)
}

// setInfo stores one of the game-information properties that GGF and SGF
// share: PB, PW, PC, DT or GN.
func (g *Record) setInfo(name, value string) {
	switch name {
	case "PB":
		g.Players[bitboard.Black] = value
	case "PW":
		g.Players[bitboard.White] = value
	case "PC":
		g.Place = value
	case "DT":
		g.Date = value
	case "GN":
		g.Name = value
	}
}

// ParseAll reads every game tree of a file of GGF or SGF records, such as
// a sable match results file (one GGF game a line), a GGS file of several
// games, or an SGF collection, in order. An error names the game, and its
// Error value the line and column.
func ParseAll(text string) ([]*Record, error) {
	var games []*Record
	for from := 0; strings.IndexByte(text[from:], '(') >= 0; {
		start := from + strings.IndexByte(text[from:], '(')
		nodes, end, err := parseTreeAt(text, from)
		var g *Record
		if err == nil {
			g, err = treeGame(nodes)
		}
		if err != nil {
			if !errors.As(err, new(*Error)) {
				err = &Error{offset: start, Err: err}
			}
			return nil, fmt.Errorf("game %d: %w", len(games)+1, locate(text, err))
		}
		games = append(games, g)
		from = end
	}
	if len(games) == 0 {
		return nil, fmt.Errorf("game record: no game tree (missing '(')")
	}
	return games, nil
}

// treeGame interprets a game tree as GGF or SGF, as its GM property (or a
// GGF board) says.
func treeGame(nodes []node) (*Record, error) {
	gm, bo := "", false
	var gmProp property
	for _, n := range nodes {
		for _, p := range n {
			switch p.name {
			case "GM":
				if gm == "" {
					gm, gmProp = strings.ToLower(strings.TrimSpace(p.values[0])), p
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
	return nil, &Error{offset: gmProp.offset, Err: fmt.Errorf("GM[%s]: not an Othello game (want GM[Othello] or GM[2])", gm)}
}

// Error is an error at a place of a record's text. Its message is the
// wrapped error's alone, as the protocols show it; Line and Column (from
// 1, in bytes) name the place for readers of files.
type Error struct {
	Line, Column int
	Err          error
	offset       int // of the place in the text, from 0
}

// Error returns the wrapped error's message.
func (e *Error) Error() string { return e.Err.Error() }

// Unwrap returns the error without its place.
func (e *Error) Unwrap() error { return e.Err }

// locate fills in the line and column of the place of err in text.
func locate(text string, err error) error {
	var e *Error
	if errors.As(err, &e) && e.Line == 0 {
		before := text[:min(e.offset, len(text))]
		e.Line = strings.Count(before, "\n") + 1
		e.Column = len(before) - strings.LastIndexByte(before, '\n')
	}
	return err
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
