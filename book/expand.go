package book

import (
	"math/bits"
	"slices"

	"github.com/sable-othello/sable/bitboard"
)

// Deviate grows the book along the lines worth playing. It walks from the
// standard start through every book move whose value is within window
// discs of its position's value (for both sides, as Choose may play them)
// and adds the position after each leaf move so reached, up to plies moves
// from the start. With window 0 this extends the best lines. It returns
// the number of positions added; they wait for Evaluate, after which
// Deviate may find more. The book must be negamaxed.
func (b *Book) Deviate(window, plies int) int {
	start, _ := bitboard.Start().Canonical()
	seen := map[bitboard.Board]bool{start: true}
	stack := []bitboard.Board{start}
	var add []bitboard.Board
	for len(stack) > 0 {
		c := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r := b.find(c)
		if r == nil || !r.valued() || ply(c) >= plies {
			continue
		}
		floor := int(r.value) - window
		hasLeaf := r.depth > 0 && r.leaf != noSquare && !b.leafStale(r) && int(r.leafValue) >= floor
		for moves := c.Moves(); moves != 0; moves &= moves - 1 {
			sq := bits.TrailingZeros64(moves)
			st := follow(c, sq)
			if st.over || seen[st.key] {
				continue
			}
			if ch := b.find(st.key); ch != nil {
				if ch.valued() && st.sign*int(ch.value) >= floor {
					seen[st.key] = true
					stack = append(stack, st.key)
				}
			} else if hasLeaf && sq == int(r.leaf) {
				seen[st.key] = true
				add = append(add, st.key)
			}
		}
	}
	slices.SortFunc(add, compareBoards)
	for _, c := range add {
		b.add(c, 0)
	}
	return len(add)
}
