package protocol

import (
	"errors"
	"fmt"
	"math/bits"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

// Errors of GameState.Play and GameState.Undo. Their texts are the GTP error
// messages.
var (
	ErrIllegalMove = errors.New("illegal move")
	ErrWrongColor  = errors.New("wrong color")
	ErrCannotUndo  = errors.New("cannot undo")
)

// Ply is one move of a game: a square or a pass.
type Ply struct {
	Move    int            // a square, or bitboard.PassMove
	Side    bitboard.Color // who moved
	Implied bool           // a pass the controller did not send, inserted by the engine
	Eval    float64        // the mover's evaluation when the record gives one
	Time    time.Duration  // thinking time when the record gives one
}

// GameState is a game in progress: where it started, the moves played and the
// positions before each, so that moves can be taken back.
type GameState struct {
	start  bitboard.Position
	plies  []Ply
	before []bitboard.Position // before[i] is the position ply i was played in
	pos    bitboard.Position
	// endPasses counts the passes played after the game ended: they change
	// nothing and are not plies, but undo takes them back first.
	endPasses int
}

// NewGameState returns a game at the start position of the rules.
func NewGameState(r bitboard.Rules) *GameState {
	return StartGameState(bitboard.NewGame(r))
}

// StartGameState returns a game that starts at pos.
func StartGameState(pos bitboard.Position) *GameState {
	return &GameState{start: pos, pos: pos}
}

// Position returns the current position.
func (g *GameState) Position() bitboard.Position { return g.pos }

// Start returns the position the game started from.
func (g *GameState) Start() bitboard.Position { return g.start }

// Plies returns the moves played so far, passes included. The slice must
// not be modified.
func (g *GameState) Plies() []Ply { return g.plies }

// PositionAt returns the position after the first n plies.
func (g *GameState) PositionAt(n int) bitboard.Position {
	if n >= len(g.plies) {
		return g.pos
	}
	return g.before[n]
}

// Play plays move (a square or bitboard.PassMove) for side. When side is
// not to move but the side to move has no legal move, its pass is inserted
// first: Quarry never sends passes. A pass is legal only when the side has
// no legal move, at game over too (gogui-twogtp ends games with two
// passes). On error the game is unchanged.
func (g *GameState) Play(side bitboard.Color, move int) error {
	return g.PlayPly(Ply{Move: move, Side: side})
}

// PlayPly is Play for a move that carries an evaluation and a time.
func (g *GameState) PlayPly(p Ply) error {
	pos := g.pos
	if pos.GameOver() && p.Move == bitboard.PassMove {
		g.endPasses++
		return nil
	}
	implied := false
	if p.Side != pos.Side {
		switch {
		case pos.MustPass():
			pos = pos.Pass()
			implied = true
		case pos.GameOver():
			return ErrIllegalMove
		default:
			return ErrWrongColor
		}
	}
	if p.Move == bitboard.PassMove {
		if !pos.MustPass() {
			return ErrIllegalMove
		}
	} else if !pos.Legal(p.Move) {
		return ErrIllegalMove
	}
	if implied {
		g.push(Ply{Move: bitboard.PassMove, Side: g.pos.Side, Implied: true})
	}
	p.Implied = false
	g.push(p)
	return nil
}

// push appends a ply known to be legal.
func (g *GameState) push(p Ply) {
	g.before = append(g.before, g.pos)
	g.plies = append(g.plies, p)
	if p.Move == bitboard.PassMove {
		g.pos = g.pos.Pass()
	} else {
		g.pos = g.pos.Play(p.Move)
	}
}

// Undo takes back the last move and the pass the engine inserted before it,
// if any, so that an undo matches the controller's view of the game.
func (g *GameState) Undo() error {
	if g.endPasses > 0 {
		g.endPasses--
		return nil
	}
	if len(g.plies) == 0 {
		return ErrCannotUndo
	}
	g.pop()
	if n := len(g.plies); n > 0 && g.plies[n-1].Implied {
		g.pop()
	}
	return nil
}

// pop removes the last ply.
func (g *GameState) pop() {
	n := len(g.plies) - 1
	g.pos = g.before[n]
	g.plies, g.before = g.plies[:n], g.before[:n]
}

// Rescore switches the game to another scoring, keeping its moves.
func (g *GameState) Rescore(s bitboard.Scoring) {
	g.start.Rules.Scoring = s
	g.pos.Rules.Scoring = s
	for i := range g.before {
		g.before[i].Rules.Scoring = s
	}
}

// LoadRecord returns the game of a record replayed under the rules, up to
// (not including) ply upTo when upTo > 0. Missing passes are inserted;
// errors name the move that fails.
func LoadRecord(rec *record.Record, r bitboard.Rules, upTo int) (*GameState, error) {
	g := StartGameState(rec.Start(r))
	for i, m := range rec.Moves {
		if upTo > 0 && i+1 >= upTo {
			break
		}
		if err := g.PlayPly(plyOf(m)); err != nil {
			return nil, fmt.Errorf("move %d (%s %s): %w", i+1, m.Side, bitboard.SquareName(m.Square), err)
		}
	}
	return g, nil
}

// plyOf returns the ply of a record's move.
func plyOf(m record.Move) Ply {
	return Ply{Move: m.Square, Side: m.Side, Eval: m.Eval, Time: m.Time}
}

// firstMove returns the lowest legal square of pos, or a pass if none.
func firstMove(pos bitboard.Position) int {
	if m := pos.Moves(); m != 0 {
		return bits.TrailingZeros64(m)
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
