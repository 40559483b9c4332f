package selfplay

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/sable-othello/sable/internal/shard"
)

// shardIndices returns the game indices below total that shard sh owns and
// done does not hold, in increasing order.
func shardIndices(sh shard.Shard, total int, done map[int]bool) []int {
	var out []int
	for g := 0; g < total; g++ {
		if sh.Owns(uint64(g)) && !done[g] {
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
