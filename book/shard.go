package book

import (
	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/shard"
)

// Shard is one part of a build split across processes or machines: the
// positions whose hash modulo Count is Index. The zero Shard is the whole
// book. Each position's search depends on nothing but the book's positions,
// so shards merged together equal the book one process would have built.
type Shard = shard.Shard

// ParseShard reads "i/n" with 0 <= i < n.
func ParseShard(s string) (Shard, error) { return shard.Parse(s) }

// owns reports whether shard s holds canonical board c.
func owns(s Shard, c bitboard.Board) bool { return s.Owns(c.Hash()) }
