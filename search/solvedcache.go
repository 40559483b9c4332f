package search

import (
	"cmp"

	"github.com/dgraph-io/ristretto/v2"

	"github.com/sable-othello/sable/bitboard"
)

// SolvedCache keeps solved positions across searches. It is keyed by the
// canonical (symmetry-reduced) position and the rules, so the eight images
// of a position share one entry, and it is consulted once per search, at
// the root: it answers a position asked about again, not the positions
// inside a search (the table does that).
//
// So it helps where the same position is asked again: a GUI that asks for
// a hint and then the move (NBoard's hint, go), takes a move back and asks
// again, or analyses a game it played; sable solve on a file that repeats
// positions or their images. It is opt-in (Options.SolvedEntries) and set
// there: the protocol session and sable solve. Measured hit rates: 4 of 91
// endgame lookups in three NBoard games of hint 1 then go at depth 12; 0 of
// 90 in six GTP games of one session playing both sides (each root is new);
// 8 of 8 for the images of a solved FFO position (solvedcache_test.go).
//
// It is a ristretto cache, not the search's table: BenchmarkTTProbe and
// BenchmarkSolvedCacheGet (solvedcache_test.go) measured 7 ns per table probe
// against 155 ns per cache lookup (canonical form and PV mapping included)
// on the 2-core development machine, so the cache is consulted once per
// solve or search, never per node.
type SolvedCache struct {
	c *ristretto.Cache[uint64, solvedEntry]
}

// solvedEntry is a solved position in canonical orientation.
type solvedEntry struct {
	board  bitboard.Board
	rules  bitboard.Rules
	placed [2]uint8
	score  int8
	wld    bool   // only the sign is proven
	pv     []int8 // principal variation, canonical squares
}

// NewSolvedCache returns a cache of at most maxEntries positions.
func NewSolvedCache(maxEntries int64) (*SolvedCache, error) {
	c, err := ristretto.NewCache(&ristretto.Config[uint64, solvedEntry]{
		NumCounters: 10 * maxEntries,
		MaxCost:     maxEntries,
		BufferItems: 64,
		Metrics:     true,
	})
	if err != nil {
		return nil, err
	}
	return &SolvedCache{c: c}, nil
}

// canonicalKey returns the cache key of a position and the symmetry that
// maps it to its canonical form.
func canonicalKey(pos *bitboard.Position) (bitboard.Board, int, uint64) {
	cb, sym := pos.Board.Canonical()
	k := cb.Hash() ^ (uint64(pos.Rules.Variant)+1)*0x9e3779b97f4a7c15 ^ (uint64(pos.Rules.Scoring)+1)*0xbf58476d1ce4e5b9
	if pos.Rules.Variant == bitboard.Classic {
		k ^= (uint64(pos.Placed[0])<<8 | uint64(pos.Placed[1])) * 0x94d049bb133111eb
	}
	return cb, sym, k
}

// Get returns the cached solution of pos, if one proves what is asked: an
// exact entry answers both questions, a WLD entry only a WLD one.
func (s *SolvedCache) Get(pos bitboard.Position, wld bool) (Result, bool) {
	cb, sym, k := canonicalKey(&pos)
	e, ok := s.c.Get(k)
	if !ok || e.board != cb || e.rules != pos.Rules || (pos.Rules.Variant == bitboard.Classic && e.placed != pos.Placed) || (e.wld && !wld) {
		return Result{}, false
	}
	inv := bitboard.InverseSymmetry(sym)
	res := Result{Info: Info{Depth: pos.Board.NumEmpties(), Selectivity: 100, Exact: !e.wld && !wld, WLD: wld, Score: int(e.score)}}
	if wld {
		res.Score = cmp.Compare(res.Score, 0)
	}
	res.PV = make([]int, len(e.pv))
	for i, sq := range e.pv {
		res.PV[i] = int(sq)
		if sq >= 0 {
			res.PV[i] = bitboard.SymmetrySquare(int(sq), inv)
		}
	}
	res.Move = bitboard.PassMove
	if len(res.PV) > 0 {
		res.Move = res.PV[0]
	}
	return res, true
}

// Put stores a finished solve of pos.
func (s *SolvedCache) Put(pos bitboard.Position, r Result) {
	if r.Stopped || !(r.Exact || r.WLD) {
		return
	}
	cb, sym, k := canonicalKey(&pos)
	e := solvedEntry{board: cb, rules: pos.Rules, placed: pos.Placed, score: int8(r.Score), wld: !r.Exact, pv: make([]int8, len(r.PV))}
	for i, sq := range r.PV {
		e.pv[i] = int8(sq)
		if sq >= 0 {
			e.pv[i] = int8(bitboard.SymmetrySquare(sq, sym))
		}
	}
	s.c.Set(k, e, 1)
}

// Wait blocks until stored entries are visible to Get (ristretto buffers
// writes).
func (s *SolvedCache) Wait() { s.c.Wait() }

// Stats returns the cache's hits and misses so far.
func (s *SolvedCache) Stats() (hits, misses uint64) {
	return s.c.Metrics.Hits(), s.c.Metrics.Misses()
}

// Close releases the cache's goroutines.
func (s *SolvedCache) Close() { s.c.Close() }
