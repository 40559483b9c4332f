package search

import (
	"sync/atomic"

	"github.com/sable-othello/sable/bitboard"
)

// The transposition table is a fixed array of 64-byte buckets of four
// 16-byte entries, one cache line per probe. It is shared by every worker of
// an Engine without locks: each entry stores key^data beside data, so a probe
// that reads a half-written entry sees a wrong key and misses (Hyatt's
// lockless hashing). A general-purpose cache was measured against it: see
// solvedcache.go for the figures.

// ttEntry is one slot: check is the hash xor data. Both words are read and
// written atomically (plain loads and stores on amd64, see storeEntry), so
// concurrent access is well defined; only the pair can tear, which the xor
// check detects. storeEntry's assembly (tt_amd64.s) relies on the field
// order: check at offset 0, data at 8.
type ttEntry struct {
	check atomic.Uint64
	data  atomic.Uint64
}

// ttBucket is one cache line of entries.
type ttBucket [4]ttEntry

// ttData is an unpacked entry: bounds on the score from the side to move,
// the best move, and the draft they hold for.
type ttData struct {
	lower, upper int8  // the score lies in [lower, upper]
	move         uint8 // best move square, or noMove
	depth        uint8 // plies searched; >= empties means an exact endgame bound
	selectivity  uint8 // probcut level; noProbcut is none
	generation   uint8 // the search that wrote it, for aging
}

// noMove marks an entry without a best move.
const noMove = 64

// cutNWS returns the stored bound that settles a null-window search of
// (alpha, alpha+1) to depth at selectivity sel, if the entry is deep and
// sure enough for it.
func (d ttData) cutNWS(alpha, depth int, sel uint8) (int, bool) {
	if int(d.depth) < depth || d.selectivity < sel {
		return 0, false
	}
	if int(d.lower) > alpha {
		return int(d.lower), true
	}
	if int(d.upper) <= alpha {
		return int(d.upper), true
	}
	return 0, false
}

func (d ttData) pack() uint64 {
	return uint64(uint8(d.lower)) | uint64(uint8(d.upper))<<8 | uint64(d.move)<<16 |
		uint64(d.depth)<<24 | uint64(d.selectivity)<<32 | uint64(d.generation)<<40
}

func unpack(x uint64) ttData {
	return ttData{
		lower: int8(x), upper: int8(x >> 8), move: uint8(x >> 16),
		depth: uint8(x >> 24), selectivity: uint8(x >> 32), generation: uint8(x >> 40),
	}
}

// TT is the in-search transposition table.
type TT struct {
	buckets    []ttBucket
	mask       uint64
	generation uint8
	mem        *ttMemory // the buckets' mapping outside the heap (ttmem_unix.go), or nil
}

// NewTT returns a table of at most mb mebibytes (at least one bucket).
func NewTT(mb int) *TT {
	n := uint64(1)
	for n*2*64 <= uint64(max(mb, 0))<<20 {
		n *= 2
	}
	t := &TT{mask: n - 1}
	t.buckets = t.allocBuckets(n)
	return t
}

// Clear empties the table. No search may be running.
func (t *TT) Clear() { clear(t.buckets) }

// NewSearch ages the entries: older generations are replaced first.
func (t *TT) NewSearch() { t.generation++ }

// probe looks up a board.
func (t *TT) probe(h uint64) (ttData, bool) {
	b := &t.buckets[h&t.mask]
	for i := range b {
		d := b[i].data.Load()
		if b[i].check.Load()^d == h {
			return unpack(d), true
		}
	}
	return ttData{}, false
}

// touch starts loading the bucket of h into the cache, so that a later
// probe of it hits. A prefetch does not hold up the instructions after it
// as a load does: bench depth 12, 1.02x the nodes per CPU second.
func (t *TT) touch(h uint64) { prefetch(&t.buckets[h&t.mask]) }

// store writes what a search learned about a board, merging it with what the
// table already holds for the same board and draft.
func (t *TT) store(h uint64, d ttData) {
	d.generation = t.generation
	b := &t.buckets[h&t.mask]
	victim := 0
	worst := 1 << 30
	for i := range b {
		old := b[i].data.Load()
		check := b[i].check.Load()
		if check^old == h {
			od := unpack(old)
			if od.depth == d.depth && od.selectivity == d.selectivity {
				// Same draft: keep the tighter of both bounds, unless they
				// contradict (search instability), when the new ones win.
				if lo, hi := max(d.lower, od.lower), min(d.upper, od.upper); lo <= hi {
					d.lower, d.upper = lo, hi
				}
				if d.move == noMove {
					d.move = od.move
				}
			} else if od.depth > d.depth || (od.depth == d.depth && od.selectivity > d.selectivity) {
				return // a deeper result stays
			} else if d.move == noMove {
				d.move = od.move
			}
			victim = i
			break
		}
		// Replace the oldest, then the shallowest entry.
		od := unpack(old)
		prio := int(od.depth)
		switch {
		case old == 0 && check == 0:
			prio = -1 // never used
		case od.generation == t.generation:
			prio += 256 // written by this search
		}
		if prio < worst {
			worst, victim = prio, i
		}
	}
	x := d.pack()
	storeEntry(&b[victim], h^x, x)
}

// hashOf hashes a board for the table.
func hashOf(p, o uint64) uint64 { return bitboard.Board{P: p, O: o}.Hash() }

// boundData packs a fail-soft result searched with window (alpha, beta)
// to depth at selectivity sel (noProbcut for the exact endgame).
func boundData(alpha, beta, best, bestMove, depth int, sel uint8) ttData {
	d := ttData{lower: -64, upper: 64, move: uint8(bestMove), depth: uint8(depth), selectivity: sel}
	if best > alpha {
		d.lower = int8(best)
	}
	if best < beta {
		d.upper = int8(best)
	}
	return d
}
