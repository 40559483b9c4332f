package search

// The local table: each worker's small table of exact bounds for the shallow
// layer's positions (5..shallowEmpties empties), which the shared
// table leaves out because a probe there is a cache miss costing about what
// the subtree it could save does. Small enough to stay in the core's own
// cache, it needs no locks (one worker's) and no check word: an entry holds
// the whole board. Direct-mapped, the latest store wins: twice or half the
// entries move the nodes by 0.3%.

// localEntry is one board's bounds on its score and its best move.
type localEntry struct {
	p, o         uint64
	lower, upper int8
	move         uint8
}

// localTable is a worker's local table.
type localTable [1 << localTableBits]localEntry

// slot returns the entry that board (p, o) maps to.
func (t *localTable) slot(p, o uint64) *localEntry {
	h := p*0x9e3779b97f4a7c15 ^ o*0xc2b2ae3d27d4eb4f
	return &t[h>>(64-localTableBits)]
}

// probe returns a copy of the entry of board (p, o), if the table holds
// it. A copy, not a pointer into the table: a store between the probe and
// the use may overwrite the slot (a child's slot is its parent's one time in
// 1 << localTableBits, which made ETC return the parent's new bound). No
// entry of an empty board matches: a position here has at least 56 discs.
func (t *localTable) probe(p, o uint64) (localEntry, bool) {
	e := t.slot(p, o)
	return *e, e.p == p && e.o == o
}

// store records the fail-soft result best of a null-window search at alpha
// on (p, o), with its best move (noMove for none), merged with the bounds
// the table holds for the board.
func (t *localTable) store(p, o uint64, alpha, best, move int) {
	e := t.slot(p, o)
	lo, hi := int8(-64), int8(64)
	if best > alpha {
		lo = int8(best)
	} else {
		hi = int8(best)
	}
	if e.p == p && e.o == o {
		if l, h := max(lo, e.lower), min(hi, e.upper); l <= h {
			lo, hi = l, h
		}
		if move == noMove {
			move = int(e.move)
		}
	}
	*e = localEntry{p: p, o: o, lower: lo, upper: hi, move: uint8(move)}
}
