package record

import (
	"fmt"

	"github.com/sable-othello/sable/bitboard"
)

// ParseTranscript reads a transcript of moves from the Othello start, such
// as "f5d6c3" (spaces and dashes allowed, a pass written "pa" or left out).
// A transcript names no colours, so it is replayed: the passes it leaves
// out are inserted, and an illegal move is an error.
func ParseTranscript(s string) (*Game, error) {
	squares, err := bitboard.ParseTranscript(s)
	if err != nil {
		return nil, err
	}
	if len(squares) == 0 {
		return nil, fmt.Errorf("transcript: no moves")
	}
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	if _, err := bitboard.Replay(pos, squares); err != nil {
		return nil, fmt.Errorf("transcript: %w", err)
	}
	g := &Game{}
	for _, sq := range squares {
		if sq != bitboard.PassMove && pos.MustPass() {
			g.Moves = append(g.Moves, Move{Square: bitboard.PassMove, Side: pos.Side})
			pos = pos.Pass()
		}
		g.Moves = append(g.Moves, Move{Square: sq, Side: pos.Side})
		if sq == bitboard.PassMove {
			pos = pos.Pass()
		} else {
			pos = pos.Play(sq)
		}
	}
	return g, nil
}

// Transcript writes the moves as "f5d6c3", passes as "pa". A transcript
// holds the moves alone: it has no setup, players or clocks.
func (g *Game) Transcript() string {
	return bitboard.Transcript(g.Squares())
}
