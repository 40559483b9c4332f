package protocol

import (
	"fmt"
	"strings"

	"github.com/sable-othello/sable/bitboard"
)

// ParseSGF reads an SGF Othello record (GM[2], SZ[8]) and returns its main
// line. Moves may be written "f5" (as Quarry and GoGui write them) or in
// SGF letter pairs ("fe" is f5: column, then row from the top); an empty
// value, "tt" or "pass" is a pass. AB/AW/AE and PL give a start position.
func ParseSGF(text string) (*Record, error) {
	nodes, err := parseTree(text)
	if err != nil {
		return nil, err
	}
	return sgfRecord(nodes)
}

// sgfRecord interprets the properties of an SGF game. Setup properties
// describe the whole board, as in SGF where the root board is empty; with
// none, the game starts from the rules' start.
func sgfRecord(nodes []node) (*Record, error) {
	rec := &Record{}
	var black, white uint64
	discs, sideGiven, side := false, false, bitboard.Black
	for _, n := range nodes {
		for _, p := range n {
			var err error
			switch p.name {
			case "GM":
				if strings.TrimSpace(p.values[0]) != "2" {
					err = fmt.Errorf("not an Othello game (want GM[2])")
				}
			case "SZ":
				if strings.TrimSpace(p.values[0]) != "8" {
					err = fmt.Errorf("board size must be 8")
				}
			case "B", "W":
				var mv int
				mv, err = parseSGFMove(p.values[0])
				rec.Moves = append(rec.Moves, Ply{Move: mv, Side: colorOfMoveProperty(p.name)})
			case "AB", "AW", "AE":
				if len(rec.Moves) > 0 {
					err = fmt.Errorf("setup after the first move is not supported")
					break
				}
				discs = true
				err = applySetup(p, &black, &white)
			case "PL":
				if len(rec.Moves) > 0 {
					break
				}
				switch strings.ToUpper(strings.TrimSpace(p.values[0])) {
				case "B", "BLACK":
					side = bitboard.Black
				case "W", "WHITE":
					side = bitboard.White
				default:
					err = fmt.Errorf("bad colour")
				}
				sideGiven = true
			case "PB":
				rec.Black = p.values[0]
			case "PW":
				rec.White = p.values[0]
			}
			if err != nil {
				return nil, fmt.Errorf("SGF %s[%s]: %w", p.name, clip(p.values[0]), err)
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
		rec.Setup = &Setup{Board: b, Side: side}
	}
	return rec, nil
}

// applySetup adds (AB, AW) or clears (AE) the points of a setup property.
// A value may be a point or a rectangle "aa:cc".
func applySetup(p property, black, white *uint64) error {
	for _, v := range p.values {
		from, to, isRect := strings.Cut(v, ":")
		a, err := parseSGFPoint(from)
		if err != nil {
			return err
		}
		b := a
		if isRect {
			if b, err = parseSGFPoint(to); err != nil {
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
func parseSGFMove(v string) (int, error) {
	v = strings.TrimSpace(v)
	if v == "" || strings.EqualFold(v, "tt") || bitboard.IsPassToken(v) {
		return bitboard.PassMove, nil
	}
	return parseSGFPoint(v)
}

// parseSGFPoint reads "f5" or the SGF letter pair "fe".
func parseSGFPoint(v string) (int, error) {
	v = strings.TrimSpace(v)
	if len(v) == 2 && v[1] >= 'a' && v[1] <= 'h' && v[0] >= 'a' && v[0] <= 'h' {
		return int(v[1]-'a')*8 + int(v[0]-'a'), nil
	}
	return bitboard.ParseSquare(v)
}
