package book

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sable-othello/sable/bitboard"
)

// Shard is one part of a build split across processes or machines: the
// positions whose hash modulo Count is Index. The zero Shard is the whole
// book. Each position's search depends on nothing but the book's positions,
// so shards merged together equal the book one process would have built.
type Shard struct{ Index, Count int }

// ParseShard reads "i/n" with 0 <= i < n.
func ParseShard(s string) (Shard, error) {
	a, c, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("bad shard %q (want i/n with 0 <= i < n)", s)
	}
	return Shard{i, n}, nil
}

// String writes the shard as ParseShard reads it.
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, max(1, s.Count)) }

// owns reports whether the shard holds canonical board c.
func (s Shard) owns(c bitboard.Board) bool {
	return s.Count <= 1 || c.Hash()%uint64(s.Count) == uint64(s.Index)
}
