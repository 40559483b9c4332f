package bitboard

import "math/bits"

// Color is a player's colour. Black moves first in every variant.
type Color uint8

const (
	// Black is the first player.
	Black Color = iota
	// White is the second player.
	White
)

// Other returns the opponent's colour.
func (c Color) Other() Color { return c ^ 1 }

// String returns "black" or "white".
func (c Color) String() string {
	if c == White {
		return "white"
	}
	return "black"
}

// Position is a game state under some rules: the board seen from the side to
// move, that side's colour, and (for classic Reversi) how many discs each
// colour has placed. Positions are values: Play and Pass return new ones.
type Position struct {
	Board  Board
	Side   Color
	Rules  Rules
	Placed [2]uint8 // discs placed so far by Black and White, for the classic supply
}

// NewGame returns the start position of the rules: the crossed four for
// Othello, the empty board for classic Reversi. Black is to move.
func NewGame(r Rules) Position {
	if r.Variant == Classic {
		return Position{Rules: r}
	}
	return Position{Board: Start(), Rules: r, Placed: [2]uint8{2, 2}}
}

// FromBoard returns the position with board b and side to move, under rules
// r. The classic supply is taken as if the discs were placed alternately with
// Black first and no pass.
func FromBoard(b Board, side Color, r Rules) Position {
	n := uint8(bits.OnesCount64(b.P | b.O))
	return Position{Board: b, Side: side, Rules: r, Placed: [2]uint8{(n + 1) / 2, n / 2}}
}

// BlackWhite returns the black and white discs.
func (p *Position) BlackWhite() (black, white uint64) {
	if p.Side == Black {
		return p.Board.P, p.Board.O
	}
	return p.Board.O, p.Board.P
}

// inOpening reports whether a classic game is still in its free placements.
func (p *Position) inOpening() bool {
	return bits.OnesCount64(p.Board.P|p.Board.O) < classicOpening
}

// Moves returns the legal moves of the side to move under the rules.
func (p *Position) Moves() uint64 {
	if p.Rules.Variant == Classic {
		return p.classicMoves()
	}
	return Moves(p.Board.P, p.Board.O)
}

// classicMoves applies the free opening placements and the disc supply.
func (p *Position) classicMoves() uint64 {
	switch {
	case p.Placed[p.Side] >= DiscsPerPlayer:
		return 0
	case p.inOpening():
		return centre &^ (p.Board.P | p.Board.O)
	}
	return Moves(p.Board.P, p.Board.O)
}

// Flips returns the discs that a move on sq turns over (none during the
// classic opening placements).
func (p *Position) Flips(sq int) uint64 {
	if p.Rules.Variant == Classic && p.inOpening() {
		return 0
	}
	return Flips(sq, p.Board.P, p.Board.O)
}

// Play returns the position after the side to move plays sq, which must be
// one of Moves().
func (p Position) Play(sq int) Position {
	f := p.Flips(sq)
	p.Board = p.Board.Play(sq, f)
	p.Placed[p.Side]++
	p.Side ^= 1
	return p
}

// Pass returns the position with the other side to move.
func (p Position) Pass() Position {
	p.Board = p.Board.Pass()
	p.Side ^= 1
	return p
}

// MustPass reports whether the side to move has no move but the opponent has.
func (p *Position) MustPass() bool {
	if p.Moves() != 0 {
		return false
	}
	q := p.Pass()
	return q.Moves() != 0
}

// GameOver reports whether neither side can move.
func (p *Position) GameOver() bool {
	if p.Moves() != 0 {
		return false
	}
	q := p.Pass()
	return q.Moves() == 0
}

// Score returns the final disc difference for the side to move under the
// rules' scoring. It is meaningful once the game is over.
func (p *Position) Score() int { return FinalScore(p.Board, p.Rules.Scoring) }

// FinalCounts returns Black's and White's scores after the empties are
// given out as the rules' scoring says: they sum to 64 under WOF.
func (p *Position) FinalCounts() (black, white int) {
	b, w := p.BlackWhite()
	nb, nw := bits.OnesCount64(b), bits.OnesCount64(w)
	if p.Rules.Scoring == WOF {
		empties := 64 - nb - nw
		switch {
		case nb > nw:
			nb += empties
		case nw > nb:
			nw += empties
		default:
			nb += empties / 2
			nw += empties / 2
		}
	}
	return nb, nw
}

// Legal reports whether sq is a legal move for the side to move.
func (p *Position) Legal(sq int) bool {
	return sq >= 0 && sq < 64 && p.Moves()&Bit(sq) != 0
}
