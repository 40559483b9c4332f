package selfplay

import "github.com/sable-othello/sable/internal/shard"

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
