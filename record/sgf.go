package record

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/sable-othello/sable/bitboard"
)

// ParseSGF reads an SGF Othello record and returns its main line. Moves may
// be written "f5" (as Quarry writes them) or in SGF letter pairs, column
// then row from the top; an empty value, "tt" or "pass" is a pass. AB, AW,
// AE and PL give a start position.
//
// Letter pairs are read as Othello SGF (GM[2]) means them: "fe" is f5, rows
// counted from a1 at the top. A record without GM, or written by GoGui
// (AP[gogui...]), is in Go orientation, rows counted from the bottom: GoGui
// takes the GTP vertex d3 for a Go point and writes it "df".
func ParseSGF(text string) (*Record, error) {
	return parseFirst(text, sgfGame)
}

// sgfGame interprets the properties of an SGF game. Setup properties
// describe the whole board, as in SGF where the root board is empty; with
// none, the game starts from the rules' start.
func sgfGame(nodes []node) (*Record, error) {
	g := &Record{}
	goRows := goOrientation(nodes)
	var black, white uint64
	discs, sideGiven, side := false, false, bitboard.Black
	for _, n := range nodes {
		for _, p := range n {
			v := p.values[0]
			var err error
			switch p.name {
			case "GM":
				if strings.TrimSpace(v) != "2" {
					err = fmt.Errorf("not an Othello game (want GM[2])")
				}
			case "SZ":
				if strings.TrimSpace(v) != "8" {
					err = fmt.Errorf("board size must be 8")
				}
			case "B", "W":
				var sq int
				sq, err = parseSGFMove(v, goRows)
				g.Moves = append(g.Moves, Move{Square: sq, Side: colorOfMoveProperty(p.name)})
			case "AB", "AW", "AE":
				if len(g.Moves) > 0 {
					err = fmt.Errorf("setup after the first move is not supported")
					break
				}
				discs = true
				err = applySetup(p, goRows, &black, &white)
			case "PL":
				if len(g.Moves) > 0 {
					break
				}
				switch strings.ToUpper(strings.TrimSpace(v)) {
				case "B", "BLACK":
					side = bitboard.Black
				case "W", "WHITE":
					side = bitboard.White
				default:
					err = fmt.Errorf("bad colour")
				}
				sideGiven = true
			case "PB", "PW", "PC", "DT", "GN":
				g.setInfo(p.name, v)
			case "RE":
				g.Result = parseSGFResult(v)
			case "TM":
				var tm TimeControl
				if tm.Main, err = parseClockTime(v); err == nil {
					g.Clocks = [2]TimeControl{tm, tm}
				}
			}
			if err != nil {
				return nil, &Error{offset: p.offset, Err: fmt.Errorf("SGF %s[%s]: %w", p.name, clip(v), err)}
			}
		}
	}
	if !discs && sideGiven {
		black, white = bitboard.Start().P, bitboard.Start().O
	}
	if discs || sideGiven {
		b := bitboard.Board{P: black, O: white}
		if side == bitboard.White {
			b = b.Pass()
		}
		g.Setup = &Setup{Board: b, Side: side}
	}
	return g, nil
}

// goOrientation reports whether the letter pairs of a record count rows from
// the bottom: it has no GM, or GoGui wrote it.
func goOrientation(nodes []node) bool {
	gm := false
	for _, n := range nodes {
		for _, p := range n {
			switch p.name {
			case "GM":
				gm = true
			case "AP":
				if strings.HasPrefix(strings.ToLower(strings.TrimSpace(p.values[0])), "gogui") {
					return true
				}
			}
		}
	}
	return !gm
}

// SGF writes the game as Othello SGF (GM[2]), squares named as Quarry names
// them ("f5"), each move in a node of its own. An SGF move has no
// evaluation or time, and only clocks of main time alone, the same for both
// players, have a place (TM).
func (g *Record) SGF() string {
	var b strings.Builder
	b.WriteString("(;FF[4]GM[2]SZ[8]AP[Sable]")
	for _, p := range [...]struct{ name, value string }{
		{"PB", g.Players[bitboard.Black]}, {"PW", g.Players[bitboard.White]},
		{"PC", g.Place}, {"DT", g.Date}, {"GN", g.Name}, {"RE", g.Result.sgf()},
	} {
		if p.value != "" {
			writeProperty(&b, p.name, p.value)
		}
	}
	if tc := g.Clocks[0]; tc == g.Clocks[1] && tc.Limited() && tc == (TimeControl{Main: tc.Main}) {
		writeProperty(&b, "TM", FormatSeconds(tc.Main))
	}
	if s := g.Setup; s != nil {
		black, white := s.Board.P, s.Board.O
		if s.Side == bitboard.White {
			black, white = white, black
		}
		if black|white == 0 {
			writeProperty(&b, "AE", "a1:h8")
		}
		for _, p := range [...]struct {
			name  string
			discs uint64
		}{{"AB", black}, {"AW", white}} {
			if p.discs != 0 {
				writeProperty(&b, p.name, squareNames(p.discs)...)
			}
		}
		writeProperty(&b, "PL", [2]string{"B", "W"}[s.Side&1])
	}
	for _, m := range g.Moves {
		b.WriteByte(';')
		v := ""
		if m.Square != bitboard.PassMove {
			v = bitboard.SquareName(m.Square)
		}
		writeProperty(&b, [2]string{"B", "W"}[m.Side&1], v)
	}
	b.WriteString(")")
	return b.String()
}

// squareNames returns the names of the squares of a mask, in order.
func squareNames(mask uint64) []string {
	var names []string
	for sq := range 64 {
		if mask&bitboard.Bit(sq) != 0 {
			names = append(names, bitboard.SquareName(sq))
		}
	}
	return names
}

// applySetup adds (AB, AW) or clears (AE) the points of a setup property.
// A value may be a point or a rectangle "aa:cc".
func applySetup(p property, goRows bool, black, white *uint64) error {
	for _, v := range p.values {
		from, to, isRect := strings.Cut(v, ":")
		a, err := parseSGFPoint(from, goRows)
		if err != nil {
			return err
		}
		b := a
		if isRect {
			if b, err = parseSGFPoint(to, goRows); err != nil {
				return err
			}
		}
		for r := min(a/8, b/8); r <= max(a/8, b/8); r++ {
			for c := min(a%8, b%8); c <= max(a%8, b%8); c++ {
				bit := bitboard.Bit(r*8 + c)
				*black &^= bit
				*white &^= bit
				switch p.name {
				case "AB":
					*black |= bit
				case "AW":
					*white |= bit
				}
			}
		}
	}
	return nil
}

// parseSGFMove reads the value of a B or W property.
func parseSGFMove(v string, goRows bool) (int, error) {
	v = strings.TrimSpace(v)
	if v == "" || strings.EqualFold(v, "tt") || bitboard.IsPassToken(v) {
		return bitboard.PassMove, nil
	}
	return parseSGFPoint(v, goRows)
}

// parseSGFPoint reads "f5", or an SGF letter pair: "fe" is f5 in Othello
// orientation, f4 in Go orientation (rows from the bottom).
func parseSGFPoint(v string, goRows bool) (int, error) {
	v = strings.TrimSpace(v)
	if len(v) == 2 && v[1] >= 'a' && v[1] <= 'h' && v[0] >= 'a' && v[0] <= 'h' {
		row := int(v[1] - 'a')
		if goRows {
			row = 7 - row
		}
		return row*8 + int(v[0]-'a'), nil
	}
	return bitboard.ParseSquare(v)
}

// parseSGFResult reads RE: "B+12", "W+0.5", "0" or "Draw", "B+T" (on time),
// "W+R" (resignation), "B+F" (forfeit). A forfeit scores ±ForfeitDiff. A
// result it cannot read, such as "?" or "Void", is no result.
func parseSGFResult(v string) Result {
	v = strings.TrimSpace(v)
	if v == "0" || strings.EqualFold(v, "draw") {
		return Result{Over: true}
	}
	winner, how, ok := strings.Cut(v, "+")
	sign := 1.0
	switch {
	case !ok:
		return Result{}
	case strings.EqualFold(winner, "W"):
		sign = -1
	case !strings.EqualFold(winner, "B"):
		return Result{}
	}
	switch strings.ToUpper(how) {
	case "T", "TIME":
		return Result{Over: true, Diff: sign * ForfeitDiff, Forfeit: 't'}
	case "R", "RESIGN", "F", "FORFEIT":
		return Result{Over: true, Diff: sign * ForfeitDiff, Forfeit: 'r'}
	}
	f, err := strconv.ParseFloat(how, 64)
	if err != nil || !(f >= 0 && f <= 64) {
		return Result{}
	}
	return Result{Over: true, Diff: sign * f}
}

// sgf writes the result as RE's value, or "" when there is none.
func (r Result) sgf() string {
	if !r.Over {
		return ""
	}
	winner := "B+"
	if r.Diff < 0 {
		winner = "W+"
	}
	switch {
	case r.Forfeit == 't':
		return winner + "T"
	case r.Forfeit != 0:
		return winner + "R"
	case r.Diff == 0:
		return "0"
	}
	return winner + decimal(math.Abs(r.Diff), 0)
}
