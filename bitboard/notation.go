package bitboard

import (
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// PassMove is the move value of a pass in transcripts and move lists.
const PassMove = -1

// SquareName returns the lower-case name of square sq ("a1".."h8"), or "pa"
// for PassMove.
func SquareName(sq int) string {
	if sq == PassMove {
		return "pa"
	}
	return string([]byte{byte('a' + sq%8), byte('1' + sq/8)})
}

// ParseSquare reads a square name such as "f5" or "F5".
func ParseSquare(s string) (int, error) {
	if len(s) == 2 {
		c, r := s[0]|0x20, s[1] // |0x20 lowers an ASCII letter
		if c >= 'a' && c <= 'h' && r >= '1' && r <= '8' {
			return int(r-'1')*8 + int(c-'a'), nil
		}
	}
	return 0, fmt.Errorf("bad square %q (want a1..h8)", s)
}

// IsPassToken reports whether s spells a pass: "pa", "ps" or "pass", any case.
func IsPassToken(s string) bool {
	switch strings.ToLower(s) {
	case "pa", "ps", "pass":
		return true
	}
	return false
}

// ParseMove reads a move: a square ("f5" or "F5") or a pass ("pa", "ps" or
// "pass", any case). Its error is ParseSquare's.
func ParseMove(s string) (int, error) {
	if IsPassToken(s) {
		return PassMove, nil
	}
	return ParseSquare(s)
}

// TranscriptError is a transcript's syntax error at a byte position, so
// that a reader of a file of transcripts can name the line and column.
type TranscriptError struct {
	Pos int    // of the bad move in the transcript, from 1
	Msg string // what is wrong
}

// Error writes "transcript: MSG at position POS".
func (e *TranscriptError) Error() string {
	return fmt.Sprintf("transcript: %s at position %d", e.Msg, e.Pos)
}

// ParseTranscript reads concatenated moves such as "f5d6c3" (spaces, dashes
// and a pass written "pa" or "ps" allowed) and returns their squares, with
// PassMove for written passes. It does not check legality: see Replay. A
// syntax error is a *TranscriptError.
func ParseTranscript(s string) ([]int, error) {
	var moves []int
	for i := 0; i < len(s); {
		switch s[i] {
		case ' ', '-', '\t':
			i++
			continue
		}
		if i+2 > len(s) {
			return nil, &TranscriptError{Pos: i + 1, Msg: fmt.Sprintf("incomplete move %q", s[i:])}
		}
		tok := s[i : i+2]
		sq, err := ParseMove(tok)
		if err != nil {
			return nil, &TranscriptError{Pos: i + 1, Msg: fmt.Sprintf("bad move %q", tok)}
		}
		moves = append(moves, sq)
		i += 2
	}
	return moves, nil
}

// Replay plays a transcript from pos. Passes may be written or left out:
// when the side to move has no move, its pass is inserted. It fails, naming
// the move and its number, on an illegal move or a pass while a move exists.
func Replay(pos Position, moves []int) (Position, error) {
	return replay(pos, moves, nil)
}

// ReplayPlies is Replay that also returns the plies played from pos, every
// pass written out, so that the side of ply i is pos.Side's for even i.
func ReplayPlies(pos Position, moves []int) ([]int, Position, error) {
	plies := make([]int, 0, len(moves))
	pos, err := replay(pos, moves, func(_ Position, ply int) { plies = append(plies, ply) })
	return plies, pos, err
}

// ReplayPositions is Replay that also returns the positions the game went
// through: the one before each move that is not a pass (its mover to move),
// then the final position last.
func ReplayPositions(pos Position, moves []int) ([]Position, error) {
	out := make([]Position, 0, len(moves)+1)
	pos, err := replay(pos, moves, func(before Position, ply int) {
		if ply != PassMove {
			out = append(out, before)
		}
	})
	if err != nil {
		return nil, err
	}
	return append(out, pos), nil
}

// replay is Replay, calling visit (when not nil) with each ply played,
// inserted passes included, and the position before it.
func replay(pos Position, moves []int, visit func(before Position, ply int)) (Position, error) {
	play := func(ply int) {
		if visit != nil {
			visit(pos, ply)
		}
		if ply == PassMove {
			pos = pos.Pass()
		} else {
			pos = pos.Play(ply)
		}
	}
	for i, m := range moves {
		if m == PassMove {
			if pos.Moves() != 0 {
				return pos, fmt.Errorf("move %d: pass while a move exists", i+1)
			}
			if pos.GameOver() {
				return pos, fmt.Errorf("move %d: pass after the game is over", i+1)
			}
			play(PassMove)
			continue
		}
		if pos.MustPass() {
			play(PassMove)
		}
		if !pos.Legal(m) {
			return pos, fmt.Errorf("move %d: illegal move %s", i+1, SquareName(m))
		}
		play(m)
	}
	return pos, nil
}

// Transcript writes moves as "f5d6c3", passes as "pa".
func Transcript(moves []int) string {
	var sb strings.Builder
	for _, m := range moves {
		sb.WriteString(SquareName(m))
	}
	return sb.String()
}

// ParseBoardString reads the 64-character OBF board (a1..h8 row by row;
// X * x b black, O o w white, - . empty; spaces between cells allowed), then
// the side to move (X or O, also B or W). It returns the board seen from the
// side to move and that side's colour.
func ParseBoardString(s string) (Board, Color, error) {
	var black, white uint64
	n := 0
	i := 0
	for ; i < len(s) && n < 64; i++ {
		switch s[i] {
		case 'X', 'x', '*', 'b', 'B':
			black |= Bit(n)
		case 'O', 'o', 'w', 'W', '0':
			white |= Bit(n)
		case '-', '.', '_':
		case ' ', '\t':
			continue
		default:
			return Board{}, 0, fmt.Errorf("board: bad cell %q at position %d", s[i], i+1)
		}
		n++
	}
	if n < 64 {
		return Board{}, 0, fmt.Errorf("board: %d cells, want 64", n)
	}
	rest := strings.TrimSpace(s[i:])
	if rest == "" {
		return Board{}, 0, fmt.Errorf("board: side to move missing at position %d", i+1)
	}
	var side Color
	switch rest {
	case "X", "x", "*", "B", "b", "black", "Black":
		side = Black
	case "O", "o", "W", "w", "white", "White":
		side = White
	default:
		return Board{}, 0, fmt.Errorf("board: bad side to move %q at position %d", rest, i+1+strings.Index(s[i:], rest))
	}
	if side == Black {
		return Board{P: black, O: white}, Black, nil
	}
	return Board{P: white, O: black}, White, nil
}

// BoardString writes a position as its OBF board: 64 cells a1..h8 with X for
// black, O for white and - for empty, a space, and the side to move.
func BoardString(b Board, side Color) string {
	black, white := b.P, b.O
	if side == White {
		black, white = white, black
	}
	buf := make([]byte, 0, 66)
	for sq := 0; sq < 64; sq++ {
		switch {
		case black&Bit(sq) != 0:
			buf = append(buf, 'X')
		case white&Bit(sq) != 0:
			buf = append(buf, 'O')
		default:
			buf = append(buf, '-')
		}
	}
	buf = append(buf, ' ', "XO"[side])
	return string(buf)
}

// MoveScore is a move with its exact score for the side to move.
type MoveScore struct {
	Move  int
	Score int
}

// OBFLine is one line of an OBF test file: a position and the known scores of
// some of its moves, best first.
type OBFLine struct {
	Board  Board
	Side   Color
	Scores []MoveScore
}

// BestScore returns the highest listed score and whether any was listed.
func (l *OBFLine) BestScore() (int, bool) {
	if len(l.Scores) == 0 {
		return 0, false
	}
	best := l.Scores[0].Score
	for _, ms := range l.Scores[1:] {
		best = max(best, ms.Score)
	}
	return best, true
}

// ParseOBF reads an OBF test line: a board string, then optional
// "; MOVE:score" fields separated by semicolons. Errors give the 1-based
// column of the bad text.
func ParseOBF(line string) (OBFLine, error) {
	fields := strings.Split(line, ";")
	b, side, err := ParseBoardString(fields[0])
	if err != nil {
		return OBFLine{}, err
	}
	l := OBFLine{Board: b, Side: side}
	col := len(fields[0]) + 2
	for _, f := range fields[1:] {
		t := strings.TrimSpace(f)
		at := col + strings.Index(f, t)
		col += len(f) + 1
		if t == "" {
			continue
		}
		mv, sc, ok := strings.Cut(t, ":")
		if !ok {
			return OBFLine{}, fmt.Errorf("obf: want MOVE:score, got %q at column %d", t, at)
		}
		sq, err := ParseMove(strings.TrimSpace(mv))
		if err != nil {
			return OBFLine{}, fmt.Errorf("obf: bad move %q at column %d", mv, at)
		}
		score, err := strconv.Atoi(strings.TrimSpace(sc))
		if err != nil || score < -64 || score > 64 {
			return OBFLine{}, fmt.Errorf("obf: bad score %q at column %d", sc, at+len(mv)+1)
		}
		l.Scores = append(l.Scores, MoveScore{Move: sq, Score: score})
	}
	return l, nil
}

// FormatBoard draws a board as text, row 1 at the top, X black and O white,
// with legal moves of the side to move shown as '.' and other empties as '-'.
func FormatBoard(pos Position) string {
	black, white := pos.BlackWhite()
	moves := pos.Moves()
	var sb strings.Builder
	sb.WriteString("  a b c d e f g h\n")
	for r := 0; r < 8; r++ {
		sb.WriteByte(byte('1' + r))
		for c := 0; c < 8; c++ {
			sq := r*8 + c
			ch := byte('-')
			switch {
			case black&Bit(sq) != 0:
				ch = 'X'
			case white&Bit(sq) != 0:
				ch = 'O'
			case moves&Bit(sq) != 0:
				ch = '.'
			}
			sb.WriteByte(' ')
			sb.WriteByte(ch)
		}
		sb.WriteByte('\n')
	}
	fmt.Fprintf(&sb, "%s to move; black %d, white %d", pos.Side, bits.OnesCount64(black), bits.OnesCount64(white))
	return sb.String()
}
