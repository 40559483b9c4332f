package record

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sable-othello/sable/bitboard"
)

// ParseGGF reads a GGF game record, such as NBoard's "set game" argument or
// a line of a sable match results file:
// (;GM[Othello]PB[..]PW[..]RE[+2.000]TI[15:00]BO[8 <cells> <side>]B[d3//1.2]W[c5]...;).
// Property names are read in any case and unknown properties are skipped.
// A GGF game always has a board, so Setup is never nil.
func ParseGGF(text string) (*Record, error) {
	return parseFirst(text, ggfGame)
}

// ggfGame interprets the properties of a GGF game.
func ggfGame(nodes []node) (*Record, error) {
	g := &Record{}
	for _, n := range nodes {
		for _, p := range n {
			v := p.values[0]
			var err error
			switch p.name {
			case "GM":
				if !strings.EqualFold(strings.TrimSpace(v), "othello") {
					err = fmt.Errorf("not an Othello game")
				}
			case "BO":
				g.Setup, err = parseGGFBoard(v)
			case "B", "W":
				var m Move
				m, err = ParseMoveItem(v)
				m.Side = colorOfMoveProperty(p.name)
				g.Moves = append(g.Moves, m)
			case "PB", "PW", "PC", "DT", "GN":
				g.setInfo(p.name, v)
			case "TY":
				g.Type = v
			case "RE":
				g.Result, err = parseGGFResult(v)
			case "TI", "TB", "TW":
				var tc TimeControl
				tc, err = ParseGGFClock(v)
				if p.name != "TW" {
					g.Clocks[bitboard.Black] = tc
				}
				if p.name != "TB" {
					g.Clocks[bitboard.White] = tc
				}
			}
			if err != nil {
				return nil, &Error{offset: p.offset, Err: fmt.Errorf("GGF %s[%s]: %w", p.name, clip(v), err)}
			}
		}
	}
	if g.Setup == nil {
		return nil, fmt.Errorf("GGF: no BO[] board")
	}
	return g, nil
}

// GGF writes the game as one line of GGF. Without a setup, the board is the
// Othello start. Clocks with periods (Moves > 0), which GGF cannot say, are
// left out; so is a game's unknown result, written RE[?].
func (g *Record) GGF() string {
	var b strings.Builder
	b.WriteString("(;GM[Othello]")
	for _, p := range [...]struct{ name, value string }{{"PC", g.Place}, {"DT", g.Date}, {"GN", g.Name}} {
		if p.value != "" {
			writeProperty(&b, p.name, p.value)
		}
	}
	writeProperty(&b, "PB", g.Players[bitboard.Black])
	writeProperty(&b, "PW", g.Players[bitboard.White])
	writeProperty(&b, "RE", g.Result.String())
	for i, name := range [2]string{"TB", "TW"} {
		if tc := g.Clocks[i]; tc != (TimeControl{}) && tc.Moves == 0 {
			writeProperty(&b, name, tc.GGF())
		}
	}
	if g.Type != "" {
		writeProperty(&b, "TY", g.Type)
	}
	setup := Setup{Board: bitboard.Start(), Side: bitboard.Black}
	if g.Setup != nil {
		setup = *g.Setup
	}
	writeProperty(&b, "BO", "8 "+setup.ggf())
	for _, m := range g.Moves {
		writeProperty(&b, [2]string{"B", "W"}[m.Side&1], m.ggf())
	}
	b.WriteString(";)")
	return b.String()
}

// parseGGFBoard reads a GGF board: the size (8), 64 cells a1..h8 with '-'
// empty, '*' black and 'O' white (spaces allowed), then the side to move.
func parseGGFBoard(s string) (*Setup, error) {
	f := strings.Fields(s)
	if len(f) < 3 || f[0] != "8" {
		return nil, fmt.Errorf("want size 8, 64 cells and the side to move")
	}
	cells := strings.Join(f[1:len(f)-1], "")
	if len(cells) != 64 {
		return nil, fmt.Errorf("%d cells, want 64", len(cells))
	}
	var black, white uint64
	for i := 0; i < 64; i++ {
		switch cells[i] {
		case '*', 'X', 'x', '#':
			black |= bitboard.Bit(i)
		case 'O', 'o':
			white |= bitboard.Bit(i)
		case '-', '.':
		default:
			return nil, fmt.Errorf("bad cell %q at %s", cells[i], bitboard.SquareName(i))
		}
	}
	switch f[len(f)-1] {
	case "*", "X", "x", "#":
		return &Setup{Board: bitboard.Board{P: black, O: white}, Side: bitboard.Black}, nil
	case "O", "o":
		return &Setup{Board: bitboard.Board{P: white, O: black}, Side: bitboard.White}, nil
	}
	return nil, fmt.Errorf("bad side to move %q (want * or O)", f[len(f)-1])
}

// ggf writes the setup as BO's value after the size: 64 cells a1..h8 ('-'
// empty, '*' black, 'O' white), a space and the side to move.
func (s Setup) ggf() string {
	black, white := s.Board.P, s.Board.O
	if s.Side == bitboard.White {
		black, white = white, black
	}
	cells := make([]byte, 0, 66)
	for sq := range 64 {
		switch {
		case black&bitboard.Bit(sq) != 0:
			cells = append(cells, '*')
		case white&bitboard.Bit(sq) != 0:
			cells = append(cells, 'O')
		default:
			cells = append(cells, '-')
		}
	}
	return string(append(cells, ' ', "*O"[s.Side&1]))
}

// ParseMoveItem reads a move as GGF and NBoard write it: "F5", "f5/1.5",
// "d3//0.01" or "PA/-3/2.5" (square or pass, then optional evaluation and
// time in seconds or [[h:]m:]s), or with spaces for the slashes, as Edax
// answers NBoard's go: "d6 -1.00 0.0". The side is left to the caller.
// Every error names the move.
func ParseMoveItem(s string) (Move, error) {
	s = strings.TrimSpace(s)
	var parts []string
	if strings.Contains(s, "/") {
		parts = strings.Split(s, "/")
	} else if parts = strings.Fields(s); len(parts) == 0 {
		parts = []string{""} // no move: ParseMove names it
	}
	var m Move
	sq, err := bitboard.ParseMove(parts[0])
	if err != nil {
		return m, fmt.Errorf("move %q: %w", s, err)
	}
	m.Square = sq
	if len(parts) > 3 {
		return m, fmt.Errorf("move %q: too many fields", s)
	}
	if len(parts) > 1 && parts[1] != "" {
		m.Eval, err = strconv.ParseFloat(parts[1], 64)
		if err != nil || math.IsInf(m.Eval, 0) || math.IsNaN(m.Eval) {
			return m, fmt.Errorf("move %q: bad evaluation %q", s, parts[1])
		}
		m.Evaluated = true
	}
	if len(parts) > 2 && parts[2] != "" {
		if m.Time, err = parseClockTime(parts[2]); err != nil {
			return m, fmt.Errorf("move %q: %w", s, err)
		}
	}
	return m, nil
}

// ggf writes the move as ParseMoveItem reads it: "f5", "PA", "d6/-1.00/1.25".
func (m Move) ggf() string {
	s := "PA"
	if m.Square != bitboard.PassMove {
		s = bitboard.SquareName(m.Square)
	}
	if m.Evaluated || m.Time > 0 {
		s += "/"
		if m.Evaluated {
			s += decimal(m.Eval, 2)
		}
	}
	if m.Time > 0 {
		s += "/" + FormatSeconds(m.Time)
	}
	return s
}

// parseGGFResult reads RE: Black's disc difference ("+2.000"), then ":t"
// for a time loss or ":r" for a resignation; "?" or nothing while the game
// is on.
func parseGGFResult(v string) (Result, error) {
	v = strings.TrimSpace(v)
	if v == "" || v == "?" {
		return Result{}, nil
	}
	num, how, _ := strings.Cut(v, ":")
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return Result{}, fmt.Errorf("result is not a number")
	}
	if !(math.Abs(f) <= 64) {
		return Result{}, fmt.Errorf("result %s is not a disc difference (-64 to 64)", num)
	}
	r := Result{Over: true, Diff: f}
	switch how {
	case "":
	case "t", "r":
		r.Forfeit = how[0]
	default:
		return Result{}, fmt.Errorf("unknown result suffix %q", how)
	}
	return r, nil
}

// String writes the result as GGF's RE: Black's disc difference ("+2.000"),
// then ":t" or ":r" for a forfeit; "?" when the game is not over.
func (r Result) String() string {
	if !r.Over {
		return "?"
	}
	s := decimal(r.Diff, 3)
	if !strings.HasPrefix(s, "-") {
		s = "+" + s
	}
	if r.Forfeit != 0 {
		s += ":" + string(r.Forfeit)
	}
	return s
}

// decimal writes v with at least places decimals, and more when v needs
// them to read back exactly.
func decimal(v float64, places int) string {
	s := strconv.FormatFloat(v, 'f', places, 64)
	if f, err := strconv.ParseFloat(s, 64); err == nil && f == v {
		return s
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
