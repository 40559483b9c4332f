package record

import (
	"fmt"

	"github.com/sable-othello/sable/bitboard"
)

// ParseTranscript reads a transcript of moves from the Othello start, such
// as "f5d6c3" (spaces and dashes allowed, a pass written "pa" or left out).
// A transcript names no colours, so it is replayed: the passes it leaves
// out are inserted, and an illegal move is an error.
func ParseTranscript(s string) (*Record, error) {
	squares, err := bitboard.ParseTranscript(s)
	if err != nil {
		return nil, err
	}
	if len(squares) == 0 {
		return nil, fmt.Errorf("transcript: no moves")
	}
	start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	plies, _, err := bitboard.ReplayPlies(start, squares)
	if err != nil {
		return nil, fmt.Errorf("transcript: %w", err)
	}
	g := &Record{Moves: make([]Move, len(plies))}
	side := start.Side
	for i, sq := range plies {
		g.Moves[i] = Move{Square: sq, Side: side}
		side = side.Other() // every pass is written out
	}
	return g, nil
}

// Transcript writes the moves as "f5d6c3", passes as "pa". A transcript
// holds the moves alone: it has no setup, players or clocks.
func (g *Record) Transcript() string {
	return bitboard.Transcript(g.Squares())
}
