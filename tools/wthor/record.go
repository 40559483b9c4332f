package wthor

import (
	"encoding/binary"
	"fmt"

	"github.com/sable-othello/sable/bitboard"
)

// Record is one 68-byte game record.
type Record struct {
	Tournament, Black, White uint16 // ids in WTH.TRN and WTH.JOU
	// BlackDiscs is Black's final disc count as recorded, with the empty
	// squares given to the winner (so 32 is a draw).
	BlackDiscs uint8
	// BlackTheoretical is Black's disc count under perfect play from the
	// game's position at the header's theoretical depth.
	BlackTheoretical uint8
	// MoveBytes are the moves as recorded: 10*row + column (11 = a1,
	// 88 = h8), then zeros. Passes are not written.
	MoveBytes [MaxMoves]byte
}

// parseRecord decodes a record; the fields are checked by Moves and Replay.
func parseRecord(rec []byte) Record {
	le := binary.LittleEndian
	g := Record{
		Tournament:       le.Uint16(rec[0:]),
		Black:            le.Uint16(rec[2:]),
		White:            le.Uint16(rec[4:]),
		BlackDiscs:       rec[6],
		BlackTheoretical: rec[7],
	}
	copy(g.MoveBytes[:], rec[8:])
	return g
}

// Square converts a move byte to a square (0 = a1 .. 63 = h8).
func Square(b byte) (int, error) {
	row, col := int(b)/10, int(b)%10
	if row < 1 || row > 8 || col < 1 || col > 8 {
		return 0, fmt.Errorf("bad move byte %d (want 10*row+column, 11..88)", b)
	}
	return (row-1)*8 + col - 1, nil
}

// Moves decodes the move bytes into squares, refusing bytes that are not
// squares and moves after the terminating zero.
func (g *Record) Moves() ([]int, error) {
	moves := make([]int, 0, MaxMoves)
	for i, b := range g.MoveBytes {
		if b == 0 {
			for j := i + 1; j < MaxMoves; j++ {
				if g.MoveBytes[j] != 0 {
					return nil, fmt.Errorf("move %d: byte %d after the end of the game", j+1, g.MoveBytes[j])
				}
			}
			break
		}
		sq, err := Square(b)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		moves = append(moves, sq)
	}
	return moves, nil
}

// Replay plays the game from the standard start under Othello rules with
// WOF scoring. It returns the position before each move, passes inserted
// where the side to move has no move, and the final position last. It fails,
// naming the move, on an illegal move, and also on recorded scores over 64.
func (g *Record) Replay() ([]bitboard.Position, error) {
	if g.BlackDiscs > 64 || g.BlackTheoretical > 64 {
		return nil, fmt.Errorf("disc counts %d (final) and %d (theoretical), want at most 64", g.BlackDiscs, g.BlackTheoretical)
	}
	moves, err := g.Moves()
	if err != nil {
		return nil, err
	}
	return bitboard.ReplayPositions(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), moves)
}

// BlackScore returns the recorded final disc difference for Black.
func (g *Record) BlackScore() int { return 2*int(g.BlackDiscs) - 64 }

// BlackTheoreticalScore returns the recorded perfect-play disc difference
// for Black at the theoretical depth.
func (g *Record) BlackTheoreticalScore() int { return 2*int(g.BlackTheoretical) - 64 }

// Validate replays every game of the files and returns one RecordError per
// bad game, in file order.
func Validate(files []*File) []*RecordError {
	var bad []*RecordError
	for _, f := range files {
		for i := range f.Games {
			if _, err := f.Games[i].Replay(); err != nil {
				bad = append(bad, &RecordError{Path: f.Path, Index: i, Err: err})
			}
		}
	}
	return bad
}
