package main

import (
	"fmt"
	"strconv"
	"strings"
)

// shard is one part of a run: the games whose index modulo n is i.
type shard struct{ i, n int }

// parseShard reads "i/n" with 0 <= i < n.
func parseShard(s string) (shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return shard{}, fmt.Errorf("bad --shard %q (want i/n with 0 <= i < n)", s)
	}
	return shard{i, n}, nil
}

// indices returns the shard's game indices below total that done does not
// hold, in increasing order.
func (s shard) indices(total int, done map[int]bool) []int {
	var out []int
	for g := s.i; g < total; g += s.n {
		if !done[g] {
			out = append(out, g)
		}
	}
	return out
}

// parseRange reads "a" or "a-b" with 0 <= a <= b <= 60.
func parseRange(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, "-")
	if !ok {
		b = a
	}
	lo, err1 := strconv.Atoi(a)
	hi, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || lo < 0 || lo > hi || hi > 60 {
		return 0, 0, fmt.Errorf("bad --random %q (want N or LO-HI within 0..60)", s)
	}
	return lo, hi, nil
}
