package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// ParseGGF reads a GGF game record, such as NBoard's "set game" argument:
// (;GM[Othello]...BO[8 <cells> <side>]B[d3//1.2]W[c5]...;). Property names
// are read in any case and unknown properties are skipped.
func ParseGGF(text string) (*Record, error) {
	nodes, err := parseTree(text)
	if err != nil {
		return nil, err
	}
	return ggfRecord(nodes)
}

// ggfRecord interprets the properties of a GGF game.
func ggfRecord(nodes []node) (*Record, error) {
	rec := &Record{}
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
				rec.Setup, err = parseGGFBoard(v)
			case "B", "W":
				var ply Ply
				ply, err = ParseMoveItem(v)
				ply.Side = colorOfMoveProperty(p.name)
				rec.Moves = append(rec.Moves, ply)
			case "PB":
				rec.Black = v
			case "PW":
				rec.White = v
			case "TI", "TB", "TW":
				var tc TimeControl
				tc, err = ParseTimeControl(v)
				if p.name != "TW" {
					rec.Clocks[bitboard.Black] = tc
				}
				if p.name != "TB" {
					rec.Clocks[bitboard.White] = tc
				}
			}
			if err != nil {
				return nil, fmt.Errorf("GGF %s[%s]: %w", p.name, clip(v), err)
			}
		}
	}
	if rec.Setup == nil {
		return nil, fmt.Errorf("GGF: no BO[] board")
	}
	return rec, nil
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

// ParseMoveItem reads a move as GGF and NBoard write it: "F5", "f5/1.5",
// "d3//0.01" or "PA/-3/2.5" (square or pass, then optional evaluation and
// time in seconds or [[h:]m:]s).
func ParseMoveItem(s string) (Ply, error) {
	parts := strings.Split(strings.TrimSpace(s), "/")
	var p Ply
	mv, err := parseMove(parts[0])
	if err != nil {
		return p, err
	}
	p.Move = mv
	if len(parts) > 3 {
		return p, fmt.Errorf("move %q: too many fields", s)
	}
	if len(parts) > 1 && parts[1] != "" {
		if p.Eval, err = strconv.ParseFloat(parts[1], 64); err != nil {
			return p, fmt.Errorf("move %q: bad evaluation %q", s, parts[1])
		}
	}
	if len(parts) > 2 && parts[2] != "" {
		if p.Time, err = parseClockTime(parts[2]); err != nil {
			return p, fmt.Errorf("move %q: %w", s, err)
		}
	}
	return p, nil
}

// parseMove reads a square or a pass token.
func parseMove(s string) (int, error) {
	if bitboard.IsPassToken(s) {
		return bitboard.PassMove, nil
	}
	return bitboard.ParseSquare(s)
}

// ParseTimeControl reads a GGF clock "main/increment/extension", each part
// [[h:]m:]s and optional; options after a comma (GGS's ",N") are ignored.
func ParseTimeControl(s string) (TimeControl, error) {
	parts := strings.Split(s, "/")
	if len(parts) > 3 {
		return TimeControl{}, fmt.Errorf("clock %q: want main/increment/extension", s)
	}
	var d [3]time.Duration
	for i, part := range parts {
		part, _, _ = strings.Cut(part, ",")
		if strings.TrimSpace(part) == "" {
			continue
		}
		t, err := parseClockTime(part)
		if err != nil {
			return TimeControl{}, fmt.Errorf("clock %q: %w", s, err)
		}
		d[i] = t
	}
	return TimeControl{Main: d[0], Increment: d[1], Extension: d[2]}, nil
}

// parseClockTime reads [[h:]m:]s, the seconds possibly fractional.
func parseClockTime(s string) (time.Duration, error) {
	fields := strings.Split(strings.TrimSpace(s), ":")
	if len(fields) > 3 {
		return 0, fmt.Errorf("bad time %q (want [[h:]m:]s)", s)
	}
	var secs float64
	for i, f := range fields {
		v, err := strconv.ParseFloat(f, 64)
		last := i == len(fields)-1
		if err != nil || !(v >= 0 && v <= 1e7) || (!last && v != float64(int(v))) {
			return 0, fmt.Errorf("bad time %q (want [[h:]m:]s)", s)
		}
		secs = secs*60 + v
	}
	return time.Duration(secs * float64(time.Second)), nil
}

// clip shortens a value for an error message.
func clip(s string) string {
	const n = 40
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}
