package shard

import "testing"

func TestShardsPartitionTheKeys(t *testing.T) {
	var shards []Shard
	for i := 0; i < 3; i++ {
		s, err := Parse(Shard{i, 3}.String())
		if err != nil {
			t.Fatal(err)
		}
		shards = append(shards, s)
	}
	for k := uint64(0); k < 100; k++ {
		owners := 0
		for _, s := range shards {
			if s.Owns(k) {
				owners++
			}
		}
		if owners != 1 {
			t.Fatalf("key %d has %d owners", k, owners)
		}
	}
	if !(Shard{}).Owns(7) {
		t.Fatal("the zero shard owns everything")
	}
	for _, bad := range []string{"", "1", "3/3", "-1/2", "a/b", "1/0"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) should fail", bad)
		}
	}
}
