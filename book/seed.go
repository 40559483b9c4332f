package book

import (
	"fmt"

	"github.com/sable-othello/sable/bitboard"
)

// Seeder counts the games through each opening position, so that a book
// can start from the positions that enough games reached.
type Seeder struct {
	plies  int
	games  int
	counts map[bitboard.Board]uint32
}

// NewSeeder returns a seeder that counts the positions of each game's
// first plies moves (the start and the positions after 1..plies moves).
func NewSeeder(plies int) *Seeder {
	return &Seeder{plies: plies, counts: map[bitboard.Board]uint32{}}
}

// Add counts a game played from the standard Othello start; passes may be
// left out. It fails, naming the move, on an illegal move.
func (s *Seeder) Add(moves []int) error {
	keys, err := gamePositions(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), moves, s.plies)
	if err != nil {
		return err
	}
	for _, k := range keys {
		s.counts[k]++
	}
	s.games++
	return nil
}

// Games returns the number of games added.
func (s *Seeder) Games() int { return s.games }

// Fill adds to the book every position reached by at least minGames games,
// adding the games to those already there, and returns how many positions
// it added. New positions wait for Evaluate to search their leaves.
func (s *Seeder) Fill(b *Book, minGames int) int {
	added := 0
	for k, n := range s.counts {
		if int(n) < minGames {
			continue
		}
		if r := b.find(k); r != nil {
			r.games += n
			continue
		}
		b.add(k, n)
		added++
	}
	return added
}

// gamePositions replays moves from start and returns the book keys of the
// positions at plies 0..plies from the start, where the game is not over.
// Passes may be written (bitboard.PassMove) or left out.
func gamePositions(start bitboard.Position, moves []int, plies int) ([]bitboard.Board, error) {
	pos := start
	keys := make([]bitboard.Board, 0, plies+1)
	played := 0
	for i := 0; ; i++ {
		if i < len(moves) && moves[i] == bitboard.PassMove {
			if !pos.MustPass() {
				return nil, fmt.Errorf("move %d: pass while a move exists", i+1)
			}
			pos = pos.Pass()
			continue
		}
		if pos.MustPass() {
			pos = pos.Pass()
		}
		if !pos.GameOver() {
			c, _ := pos.Board.Canonical()
			keys = append(keys, c)
		}
		if i == len(moves) || played == plies {
			return keys, nil
		}
		if m := moves[i]; m < 0 || m > 63 || !pos.Legal(m) {
			return nil, fmt.Errorf("move %d: illegal move %s", i+1, bitboard.SquareName(m))
		}
		pos = pos.Play(moves[i])
		played++
	}
}
