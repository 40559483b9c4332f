package book

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

// Stats counts the book's positions.
func (b *Book) Stats() Stats {
	var s Stats
	s.Positions = len(b.recs)
	for i := range b.recs {
		r := &b.recs[i]
		if r.valued() {
			s.Valued++
		}
		if r.depth == 0 {
			s.Unsearched++
		} else {
			s.ByDepth = grow(s.ByDepth, int(r.depth))
			s.ByDepth[r.depth]++
		}
		if r.depth > 0 && r.leaf != noSquare {
			s.Leaves++
		}
		if r.flags&flagExact != 0 {
			s.Exact++
		}
		p := ply(r.key)
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
