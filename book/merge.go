package book

// Merge adds the positions of o to b, then runs Negamax. A position in both
// keeps the larger games count (shards of one build share their counts; to
// add up the games of two collections, seed one book from both) and the
// better leaf: one whose move still leaves the merged book, then the one
// searched deeper (an exact one first), b's on a tie.
func (b *Book) Merge(o *Book) {
	var both []int32
	for _, i := range o.sorted() {
		or := &o.recs[i]
		if r := b.find(or.key); r != nil {
			both = append(both, i)
			continue
		}
		r := b.add(or.key, or.games)
		r.leaf, r.leafValue, r.depth, r.flags = or.leaf, or.leafValue, or.depth, or.flags
	}
	// Leaves are compared once every position is in, since a leaf goes
	// stale when its move's position arrives.
	for _, i := range both {
		or := &o.recs[i]
		r := b.find(or.key)
		r.games = max(r.games, or.games)
		if b.leafRank(or) > b.leafRank(r) {
			r.leaf, r.leafValue, r.depth = or.leaf, or.leafValue, or.depth
			r.flags = r.flags&^flagExact | or.flags&flagExact
		}
	}
	b.Negamax()
}

// leafRank orders leaves by use in b: a leaf whose move leaves the book
// above a stale one, then exact leaves, then by depth (0 for a leaf not
// searched).
func (b *Book) leafRank(r *record) int {
	rank := int(r.depth)
	if r.flags&flagExact != 0 {
		rank = 1 << 8
	}
	if !b.leafStale(r) {
		rank += 1 << 9
	}
	return rank
}
