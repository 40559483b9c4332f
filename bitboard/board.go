// Package bitboard holds Sable's board: two 64-bit masks (the player to move
// and the opponent), move generation by shifts, the rule variants, the
// notations engines and GUIs exchange, symmetry, hashing, stability and perft.
//
// Squares are numbered 0..63 row by row from a1 (top-left, bit 0) to h8
// (bottom-right, bit 63), so b1 is 1 and a2 is 8.
package bitboard

import "math/bits"

// Board is a position seen from the player to move: P holds that player's
// discs and O the opponent's. It knows nothing of colours or rules.
type Board struct {
	P, O uint64
}

// Start returns the standard Othello start with Black to move: white on d4
// and e5, black on d5 and e4.
func Start() Board {
	return Board{P: Bit(SqD5) | Bit(SqE4), O: Bit(SqD4) | Bit(SqE5)}
}

// Named squares used by the rules and tests.
const (
	SqD4 = 3*8 + 3
	SqE4 = 3*8 + 4
	SqD5 = 4*8 + 3
	SqE5 = 4*8 + 4
)

// Bit returns the mask of square sq.
func Bit(sq int) uint64 { return 1 << uint(sq) }

// Moves returns the legal moves of the player to move.
func (b Board) Moves() uint64 { return Moves(b.P, b.O) }

// Play returns the board after the player to move plays sq, flipping f
// (as returned by Flips), with the opponent to move.
func (b Board) Play(sq int, f uint64) Board {
	return Board{P: b.O ^ f, O: b.P ^ f ^ Bit(sq)}
}

// Pass returns the board with the other player to move.
func (b Board) Pass() Board { return Board{P: b.O, O: b.P} }

// Empties returns the empty squares.
func (b Board) Empties() uint64 { return ^(b.P | b.O) }

// NumEmpties returns the number of empty squares.
func (b Board) NumEmpties() int { return bits.OnesCount64(^(b.P | b.O)) }

// Count returns the disc counts of the player to move and of the opponent.
func (b Board) Count() (p, o int) { return bits.OnesCount64(b.P), bits.OnesCount64(b.O) }

// GameOver reports whether neither player can move under Othello rules.
func (b Board) GameOver() bool { return Moves(b.P, b.O) == 0 && Moves(b.O, b.P) == 0 }

// Valid reports whether no square holds two discs.
func (b Board) Valid() bool { return b.P&b.O == 0 }
