package bookbuild

import (
	"cmp"
	"math/bits"
	"slices"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/book"
)

// Deviate grows the book along the lines worth playing. It walks from the
// standard start through every book move whose value is within window
// discs of its position's value (for both sides, as book.Choose may play
// them) and adds the position after each leaf move so reached, up to plies
// moves from the start. With window 0 this extends the best lines. It
// returns the number of positions added; they wait for Evaluate, after
// which Deviate may find more. The book must be negamaxed.
func Deviate(b *book.Book, window, plies int) int {
	start, _ := bitboard.Start().Canonical()
	seen := map[bitboard.Board]bool{start: true}
	stack := []bitboard.Board{start}
	var add []bitboard.Board
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n, ok := b.Node(c)
		if !ok || !n.Valued || ply(c) >= plies {
			continue
		}
		floor := n.Value - window
		lf := n.Leaf
		hasLeaf := lf.Depth > 0 && lf.Move != book.NoMove && !n.LeafStale && lf.Value >= floor
		for moves := c.Moves(); moves != 0; moves &= moves - 1 {
			sq := bits.TrailingZeros64(moves)
			st := book.Follow(c, sq)
			if st.Over || seen[st.Key] {
				continue
			}
			if ch, ok := b.Node(st.Key); ok {
				if ch.Valued && st.Sign*ch.Value >= floor {
					seen[st.Key] = true
					stack = append(stack, st.Key)
				}
			} else if hasLeaf && sq == lf.Move {
				seen[st.Key] = true
				add = append(add, st.Key)
			}
		}
	}
	slices.SortFunc(add, compareBoards)
	for _, c := range add {
		b.AddGames(c, 0)
	}
	return len(add)
}

// compareBoards orders boards by P, then O, as book files do.
func compareBoards(x, y bitboard.Board) int {
	return cmp.Or(cmp.Compare(x.P, y.P), cmp.Compare(x.O, y.O))
}

// ply returns how many moves led from the standard start to board c.
func ply(c bitboard.Board) int { return bits.OnesCount64(c.P|c.O) - 4 }
