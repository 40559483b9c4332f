package bookbuild

import "github.com/sable-othello/sable/book"

// Stats sums up a book.
type Stats struct {
	Positions  int
	Valued     int   // positions with a negamax value
	Unsearched int   // positions whose leaf waits for a search
	Leaves     int   // positions with a searched move out of the book
	Exact      int   // positions whose leaf value is exact
	ByPly      []int // positions by number of moves from the start
	ByDepth    []int // searched positions by depth (or level) of the leaf search
}

// Count counts the book's positions.
func Count(b *book.Book) Stats {
	var s Stats
	for _, c := range b.Keys() {
		n, _ := b.Node(c)
		s.Positions++
		if n.Valued {
			s.Valued++
		}
		if d := n.Leaf.Depth; d == 0 {
			s.Unsearched++
		} else {
			s.ByDepth = grow(s.ByDepth, d)
			s.ByDepth[d]++
		}
		if n.Leaf.Depth > 0 && n.Leaf.Move != book.NoMove {
			s.Leaves++
		}
		if n.Leaf.Exact {
			s.Exact++
		}
		p := ply(c)
		s.ByPly = grow(s.ByPly, p)
		s.ByPly[p]++
	}
	return s
}

// grow extends counts so that index i exists.
func grow(counts []int, i int) []int {
	for len(counts) <= i {
		counts = append(counts, 0)
	}
	return counts
}
