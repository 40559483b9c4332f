package bookbuild

import "github.com/sable-othello/sable/book"

// Merge adds the positions of o to b, then runs Negamax. A position in both
// keeps the larger games count (shards of one build share their counts; to
// add up the games of two collections, seed one book from both) and the
// better leaf: one whose move still leaves the merged book, then the one
// searched deeper (an exact one first), b's on a tie.
func Merge(b, o *book.Book) {
	var both []book.Node
	for _, c := range o.Keys() {
		on, _ := o.Node(c)
		if _, ok := b.Node(c); ok {
			both = append(both, on)
			continue
		}
		b.AddGames(c, on.Games)
		b.SetLeaf(c, on.Leaf)
	}
	// Leaves are compared once every position is in, since a leaf goes
	// stale when its move's position arrives.
	for _, on := range both {
		n, _ := b.Node(on.Key)
		if on.Games > n.Games {
			b.AddGames(on.Key, on.Games-n.Games)
		}
		if leafRank(b, on) > leafRank(b, n) {
			b.SetLeaf(on.Key, on.Leaf)
		}
	}
	b.Negamax()
}

// leafRank orders leaves by use in b: a leaf whose move leaves the book
// above a stale one, then exact leaves, then by depth (0 for a leaf not
// searched).
func leafRank(b *book.Book, n book.Node) int {
	rank := n.Leaf.Depth
	if n.Leaf.Exact {
		rank = 1 << 8
	}
	if n.Leaf.Move == book.NoMove || !b.InBook(n.Key, n.Leaf.Move) {
		rank += 1 << 9
	}
	return rank
}
