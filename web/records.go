package web

import (
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

// importGame reads a game pasted into the page: a GGF or SGF record (its
// first game), an OBF line (a position to start from), or a transcript
// from the start of the rules r.
func importGame(text string, r bitboard.Rules) (gameJSON, error) {
	text = strings.TrimSpace(text)
	g := gameJSON{Rules: r.Variant.String(), Scoring: r.Scoring.String(), Moves: []string{}}
	switch {
	case text == "":
		return g, errors.New("nothing to import: paste a transcript (f5d6c3...), an OBF line, or a GGF or SGF record")
	case strings.HasPrefix(text, "("):
		return recordGame(text, r)
	case looksLikeBoard(text):
		line, _, _ := strings.Cut(text, "\n")
		obf, err := bitboard.ParseOBF(strings.TrimSpace(line))
		if err != nil {
			return g, fmt.Errorf("OBF: %w", err)
		}
		g.Start = bitboard.BoardString(obf.Board, obf.Side)
		return g, nil
	}
	moves, err := bitboard.ParseTranscript(strings.Join(strings.Fields(text), ""))
	if err != nil {
		return g, err
	}
	g.Moves = moveNames(moves)
	return g, nil
}

// looksLikeBoard reports whether text starts as an OBF board does: 64
// cells, where a transcript has letters and digits.
func looksLikeBoard(text string) bool {
	cells := 0
	for _, c := range text {
		switch {
		case strings.ContainsRune("XxOo*-.", c):
			cells++
		case c == ' ' || c == '\t':
		default:
			return cells >= 64
		}
		if cells >= 64 {
			return true
		}
	}
	return false
}

// recordGame reads the first game of a GGF or SGF record, under the rules
// it says (record.Rules) or else r.
func recordGame(text string, r bitboard.Rules) (gameJSON, error) {
	rec, err := record.Parse(text)
	if err != nil {
		return gameJSON{}, err
	}
	if rec.Type != "" && rec.Type != "8" {
		return gameJSON{}, fmt.Errorf("GGF TY[%s]: only 8x8 Othello is played here (TY[8])", rec.Type)
	}
	r = rec.Rules(r)
	start := rec.Start(r)
	g := gameJSON{Rules: r.Variant.String(), Scoring: r.Scoring.String(), Moves: []string{},
		Black: rec.Players[bitboard.Black], White: rec.Players[bitboard.White],
		Start: bitboard.BoardString(start.Board, start.Side)}
	for _, m := range rec.Moves {
		g.Moves = append(g.Moves, moveName(m.Square))
	}
	return g, nil
}

// ggf writes the game as a GGF record, with its result once it is over.
func (g *game) ggf() string {
	rec := record.Record{Players: [2]string{g.json.Black, g.json.White}, Place: "sable web",
		Date: time.Now().UTC().Format("2006-01-02 15:04:05 MST"), Type: "8",
		Setup: &record.Setup{Board: g.start.Board, Side: g.start.Side}}
	side := g.start.Side
	for _, m := range g.plies {
		rec.Moves = append(rec.Moves, record.Move{Square: m, Side: side})
		side = side.Other()
	}
	if end := g.last(); end.GameOver() {
		b, w := end.FinalCounts()
		rec.Result = record.Result{Over: true, Diff: float64(b - w)}
	}
	return rec.GGF()
}

// transcript writes the moves as "f5d6c3...", passes left out as the
// notation implies them.
func (g *game) transcript() string {
	var moves []int
	for _, m := range g.plies {
		if m != bitboard.PassMove {
			moves = append(moves, m)
		}
	}
	return bitboard.Transcript(moves)
}
