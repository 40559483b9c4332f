package protocol

import (
	"math/bits"
	"strconv"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/search"
)

// trailingSquare returns the lowest square of a non-empty mask.
func trailingSquare(m uint64) int { return bits.TrailingZeros64(m) }

// firstMove returns the lowest legal square of pos, or a pass if none.
func firstMove(pos bitboard.Position) int {
	if m := pos.Moves(); m != 0 {
		return trailingSquare(m)
	}
	return bitboard.PassMove
}

// playable reports whether move may be played in pos: a legal square, or
// a pass when the side to move has no move.
func playable(pos bitboard.Position, move int) bool {
	if move == bitboard.PassMove {
		return pos.Moves() == 0
	}
	return pos.Legal(move)
}

// gtpMove writes a move as GTP replies carry it: "F5" or "PASS", upper
// case as GNU Go answers, since gogui-regress compares replies literally
// with files written for such engines.
func gtpMove(move int) string {
	if move == bitboard.PassMove {
		return "PASS"
	}
	return strings.ToUpper(bitboard.SquareName(move))
}

// nboardMove writes a move as NBoard shows it: "F5" or "PA".
func nboardMove(move int) string {
	return strings.ToUpper(bitboard.SquareName(move))
}

// nboardPV writes a principal variation as "F5-D6-C3".
func nboardPV(pv []int) string {
	parts := make([]string, len(pv))
	for i, m := range pv {
		parts[i] = nboardMove(m)
	}
	return strings.Join(parts, "-")
}

// nboardEval writes a score in discs as NBoard reads it: "-1.00".
func nboardEval(score int) string {
	return strconv.FormatFloat(float64(score), 'f', 2, 64)
}

// nboardDepth writes the depth field of a hint: "100%" for an exact solve,
// "100%W" for a win/loss/draw solve, else the depth in plies.
func nboardDepth(info search.Info) string {
	switch {
	case info.Exact:
		return "100%"
	case info.WLD:
		return "100%W"
	}
	return strconv.Itoa(info.Depth)
}

// signed writes a score with its sign: "+2", "-4", "0".
func signed(score int) string {
	if score > 0 {
		return "+" + strconv.Itoa(score)
	}
	return strconv.Itoa(score)
}
