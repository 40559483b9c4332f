// Package shard splits long runs (self-play, book building) across
// processes or machines: shard i of n owns the work items whose key modulo
// n is i, so the shards' outputs merged equal one process's.
package shard

import (
	"fmt"
	"strconv"
	"strings"
)

// Shard is one part of a run. The zero Shard is the whole run.
type Shard struct{ Index, Count int }

// Parse reads "i/n" with 0 <= i < n.
func Parse(s string) (Shard, error) {
	a, c, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(c)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Shard{}, fmt.Errorf("bad shard %q (want i/n with 0 <= i < n)", s)
	}
	return Shard{i, n}, nil
}

// String writes the shard as Parse reads it.
func (s Shard) String() string { return fmt.Sprintf("%d/%d", s.Index, max(1, s.Count)) }

// Owns reports whether the shard holds the item with the given key (a game
// index, a position's hash).
func (s Shard) Owns(key uint64) bool {
	return s.Count <= 1 || key%uint64(s.Count) == uint64(s.Index)
}
