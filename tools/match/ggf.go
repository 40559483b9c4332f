package match

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// gameRecord is a game as GGF stores it: the players, their clocks, the
// start position, the moves with their times and, once over, the result.
type gameRecord struct {
	index   int // the game's number in the match; -1 when not in one
	names   [2]string
	clocks  [2]TimeControl
	start   bitboard.Position
	moves   []recordedMove // forced passes written out
	done    bool
	diff    int  // Black's final disc difference, when done
	forfeit byte // 't' when the loser ran out of time, 'r' when it forfeited otherwise, 0 when played out
	date    time.Time
}

// recordedMove is one move of a record.
type recordedMove struct {
	square  int    // a square, or bitboard.PassMove
	eval    string // the engine's evaluation, if it gave one
	elapsed time.Duration
}

// forfeitDiff is the disc difference a forfeit scores, the largest there is
// (GGS scores a time loss the same way).
const forfeitDiff = 64

// ggf writes the record as one line of GGF. The game number goes in GN, a
// property GGF readers skip.
func (r *gameRecord) ggf() string {
	var b strings.Builder
	b.WriteString("(;GM[Othello]PC[sable match]")
	if !r.date.IsZero() {
		fmt.Fprintf(&b, "DT[%s]", r.date.UTC().Format("2006.01.02_15:04:05.UTC"))
	}
	if r.index >= 0 {
		fmt.Fprintf(&b, "GN[%d]", r.index)
	}
	fmt.Fprintf(&b, "PB[%s]PW[%s]RE[%s]", r.names[0], r.names[1], r.result())
	for i, prop := range [2]string{"TB", "TW"} {
		if tc := r.clocks[i]; tc.Limited() && tc.Moves == 0 {
			fmt.Fprintf(&b, "%s[%s/%s]", prop, seconds(tc.Time), seconds(tc.Increment))
		}
	}
	fmt.Fprintf(&b, "TY[8]BO[8 %s]", ggfBoard(&r.start))
	side := r.start.Side
	for _, m := range r.moves {
		b.WriteString([2]string{"B[", "W["}[side])
		if m.square == bitboard.PassMove {
			b.WriteString("PA")
		} else {
			b.WriteString(bitboard.SquareName(m.square))
		}
		if m.eval != "" || m.elapsed > 0 {
			b.WriteString("/" + m.eval)
		}
		if m.elapsed > 0 {
			b.WriteString("/" + seconds(m.elapsed))
		}
		b.WriteString("]")
		side = side.Other()
	}
	b.WriteString(";)")
	return b.String()
}

// result writes RE: Black's disc difference, ":t" or ":r" for a forfeit, or
// "?" while the game is on.
func (r *gameRecord) result() string {
	if !r.done {
		return "?"
	}
	s := fmt.Sprintf("%+.3f", float64(r.diff))
	if r.forfeit != 0 {
		s += ":" + string(r.forfeit)
	}
	return s
}

// ggfBoard writes a position as BO's value without the size: 64 cells a1..h8
// ('-' empty, '*' black, 'O' white), a space and the side to move.
func ggfBoard(pos *bitboard.Position) string {
	black, white := pos.BlackWhite()
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
	return string(append(cells, ' ', "*O"[pos.Side]))
}

// parseGGF reads a record written by ggf: the game number, players, result
// and moves. The start position and clocks are not read back.
func parseGGF(line string) (gameRecord, error) {
	r := gameRecord{index: -1}
	props, err := ggfProperties(line)
	if err != nil {
		return r, err
	}
	for _, p := range props {
		if err := r.setProperty(p.name, p.value); err != nil {
			return r, fmt.Errorf("%s[%s]: %w", p.name, p.value, err)
		}
	}
	if r.index < 0 || !r.done {
		return r, fmt.Errorf("record without game number (GN) or result (RE)")
	}
	return r, nil
}

// ggfProperty is one NAME[value] of a GGF game, the name in upper case.
type ggfProperty struct{ name, value string }

// ggfProperties splits one GGF game, "(;" properties ";)", into its
// properties in order.
func ggfProperties(game string) ([]ggfProperty, error) {
	body, ok := strings.CutPrefix(strings.TrimSpace(game), "(;")
	if ok {
		body, ok = strings.CutSuffix(body, ";)")
	}
	if !ok {
		return nil, fmt.Errorf("not a GGF game: want (; ... ;)")
	}
	var props []ggfProperty
	for strings.TrimSpace(body) != "" {
		open := strings.IndexByte(body, '[')
		end := strings.IndexByte(body, ']')
		if open <= 0 || end < open {
			return nil, fmt.Errorf("malformed property at %q", truncate(body, 20))
		}
		props = append(props, ggfProperty{strings.ToUpper(strings.TrimSpace(body[:open])), body[open+1 : end]})
		body = body[end+1:]
	}
	return props, nil
}

// setProperty stores one property that parseGGF keeps.
func (r *gameRecord) setProperty(name, value string) error {
	var err error
	switch name {
	case "GN":
		r.index, err = strconv.Atoi(value)
	case "PB":
		r.names[0] = value
	case "PW":
		r.names[1] = value
	case "RE":
		err = r.parseResult(value)
	case "B", "W":
		word, _, _ := strings.Cut(value, "/")
		m := recordedMove{square: bitboard.PassMove}
		if !bitboard.IsPassToken(word) {
			m.square, err = bitboard.ParseSquare(word)
		}
		r.moves = append(r.moves, m)
	}
	return err
}

// parseResult reads RE as result writes it.
func (r *gameRecord) parseResult(value string) error {
	num, how, _ := strings.Cut(value, ":")
	f, err := strconv.ParseFloat(num, 64)
	if err != nil {
		return fmt.Errorf("result is not a number")
	}
	switch how {
	case "":
	case "t", "r":
		r.forfeit = how[0]
	default:
		return fmt.Errorf("unknown result suffix %q", how)
	}
	r.diff, r.done = int(math.Round(f)), true
	return nil
}

// loser returns the colour that lost a forfeited game.
func (r *gameRecord) loser() bitboard.Color {
	if r.diff < 0 {
		return bitboard.Black
	}
	return bitboard.White
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
