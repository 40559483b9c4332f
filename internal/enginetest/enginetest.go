// Package enginetest makes the search engines and random games of other
// packages' tests.
package enginetest

import (
	"math/rand/v2"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/search"
)

// New returns search.New(o), failing the test when the engine cannot be
// made (a table too large for the memory available). The caller closes it.
func New(t testing.TB, o search.Options) *search.Engine {
	t.Helper()
	e, err := search.New(o)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// RandomGames plays n games of random legal moves from the Othello start
// (bitboard.RandomMove), the same games for the same seed; passes are left
// out.
func RandomGames(n int, seed uint64) [][]int {
	rng := rand.New(rand.NewPCG(seed, seed^0x5eed))
	games := make([][]int, n)
	for g := range games {
		pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
		for !pos.GameOver() {
			if pos.MustPass() {
				pos = pos.Pass()
			}
			sq := bitboard.RandomMove(rng, pos.Moves())
			games[g] = append(games[g], sq)
			pos = pos.Play(sq)
		}
	}
	return games
}
