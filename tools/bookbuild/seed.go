package bookbuild

import (
	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/book"
)

// Seeder counts the games through each opening position, so that a book
// can start from the positions that enough games reached.
type Seeder struct {
	plies  int
	games  int
	counts map[bitboard.Board]int
}

// NewSeeder returns a seeder that counts the positions of each game's
// first plies moves (the start and the positions after 1..plies moves).
func NewSeeder(plies int) *Seeder {
	return &Seeder{plies: plies, counts: map[bitboard.Board]int{}}
}

// Add counts a game played from the standard Othello start; passes may be
// left out. It fails, naming the move, on an illegal move.
func (s *Seeder) Add(moves []int) error {
	keys, err := book.GameKeys(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), moves, s.plies)
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
func (s *Seeder) Fill(b *book.Book, minGames int) int {
	added := 0
	for k, n := range s.counts {
		if n >= minGames && b.AddGames(k, n) {
			added++
		}
	}
	return added
}
