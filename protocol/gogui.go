package protocol

import (
	"fmt"
	"math/bits"
	"strings"

	"github.com/sable-othello/sable/bitboard"
)

// The gogui-rules_* commands let GoGui and its tools play games other than
// Go: GoGui asks the engine for the board, the side to move and the legal
// moves after every move.

// rulesBoard draws the board for GoGui: X, O and '.', the highest row
// number first because GoGui draws the first line at the top.
func (g *gtpSession) rulesBoard([]string) (string, error) {
	pos := g.game.Position()
	black, white := pos.BlackWhite()
	rows := make([]string, 0, 8)
	for r := 7; r >= 0; r-- {
		cells := make([]string, 8)
		for c := range cells {
			bit := bitboard.Bit(r*8 + c)
			switch {
			case black&bit != 0:
				cells[c] = "X"
			case white&bit != 0:
				cells[c] = "O"
			default:
				cells[c] = "."
			}
		}
		rows = append(rows, strings.Join(cells, " "))
	}
	return strings.Join(rows, "\n"), nil
}

// rulesLegalMoves lists the legal moves as every reply writes them, "PASS"
// when forced, nothing at game over (GoGui's signal that the game ended).
func (g *gtpSession) rulesLegalMoves([]string) (string, error) {
	pos := g.game.Position()
	if pos.GameOver() {
		return "", nil
	}
	if pos.MustPass() {
		return gtpMove(bitboard.PassMove), nil
	}
	var moves []string
	for m := pos.Moves(); m != 0; m &= m - 1 {
		moves = append(moves, gtpMove(bits.TrailingZeros64(m)))
	}
	return strings.Join(moves, " "), nil
}

// rulesFinalResult says who won and the score, or that the game goes on.
func (g *gtpSession) rulesFinalResult([]string) (string, error) {
	pos := g.game.Position()
	if !pos.GameOver() {
		return "Game is not over yet.", nil
	}
	b, w := pos.FinalCounts()
	switch {
	case b > w:
		return fmt.Sprintf("Black wins by %d discs, %d-%d.", b-w, b, w), nil
	case w > b:
		return fmt.Sprintf("White wins by %d discs, %d-%d.", w-b, w, b), nil
	}
	return fmt.Sprintf("Draw, %d-%d.", b, w), nil
}
