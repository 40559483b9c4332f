package search

import "testing"

// ttKey returns the i-th key of one bucket: the low bits pick the bucket.
func ttKey(i int) uint64 { return uint64(i+1)<<32 | 7 }

// ttStore is one step of a table's history: a store, or the start of a new
// search (newSearch) that ages what is there.
type ttStore struct {
	newSearch bool
	key       int
	d         ttData
}

// bound is an entry to depth at selectivity sel with score bounds [lo, hi]
// and best move mv.
func bound(depth int, sel uint8, lo, hi int8, mv uint8) ttData {
	return ttData{lower: lo, upper: hi, move: mv, depth: uint8(depth), selectivity: sel}
}

func TestTableReplacesTheOldestThenTheShallowest(t *testing.T) {
	exact := uint8(noProbcut)
	for _, c := range []struct {
		name    string
		history []ttStore
		want    map[int]ttData // key -> entry; keys absent from the map are gone
		gone    []int
	}{
		{
			name: "four boards share a bucket",
			history: []ttStore{
				{key: 0, d: bound(5, exact, 1, 1, 10)}, {key: 1, d: bound(3, exact, 2, 2, 11)},
				{key: 2, d: bound(7, exact, 3, 3, 12)}, {key: 3, d: bound(4, exact, 4, 4, 13)},
			},
			want: map[int]ttData{
				0: bound(5, exact, 1, 1, 10), 1: bound(3, exact, 2, 2, 11),
				2: bound(7, exact, 3, 3, 12), 3: bound(4, exact, 4, 4, 13),
			},
		},
		{
			name: "a fifth board replaces the shallowest of this search",
			history: []ttStore{
				{key: 0, d: bound(5, exact, 1, 1, 10)}, {key: 1, d: bound(3, exact, 2, 2, 11)},
				{key: 2, d: bound(7, exact, 3, 3, 12)}, {key: 3, d: bound(4, exact, 4, 4, 13)},
				{key: 4, d: bound(1, exact, 5, 5, 14)},
			},
			want: map[int]ttData{
				0: bound(5, exact, 1, 1, 10), 2: bound(7, exact, 3, 3, 12),
				3: bound(4, exact, 4, 4, 13), 4: bound(1, exact, 5, 5, 14),
			},
			gone: []int{1},
		},
		{
			name: "an earlier search's entries go first, however deep, shallowest first",
			history: []ttStore{
				{key: 0, d: bound(30, exact, 1, 1, 10)}, {key: 1, d: bound(20, exact, 2, 2, 11)},
				{key: 2, d: bound(40, exact, 3, 3, 12)}, {key: 3, d: bound(10, exact, 4, 4, 13)},
				{newSearch: true},
				{key: 4, d: bound(1, exact, 5, 5, 14)}, {key: 5, d: bound(2, exact, 6, 6, 15)},
			},
			want: map[int]ttData{
				0: bound(30, exact, 1, 1, 10), 2: bound(40, exact, 3, 3, 12),
				4: bound(1, exact, 5, 5, 14), 5: bound(2, exact, 6, 6, 15),
			},
			gone: []int{1, 3},
		},
		{
			name: "a deeper result for the same board stays, even from an earlier search",
			history: []ttStore{
				{key: 0, d: bound(10, exact, 5, 5, 20)},
				{newSearch: true},
				{key: 0, d: bound(6, exact, -3, -3, 21)},
			},
			want: map[int]ttData{0: bound(10, exact, 5, 5, 20)},
		},
		{
			name: "an exact result stays against a selective one of the same depth",
			history: []ttStore{
				{key: 0, d: bound(12, exact, 5, 5, 20)},
				{key: 0, d: bound(12, 0, -3, -3, 21)},
			},
			want: map[int]ttData{0: bound(12, exact, 5, 5, 20)},
		},
		{
			name: "a deeper result replaces the board's entry and keeps its move if it has none",
			history: []ttStore{
				{key: 0, d: bound(6, exact, 5, 5, 20)}, {key: 1, d: bound(2, exact, 1, 1, 30)},
				{key: 0, d: bound(8, exact, -64, 2, noMove)},
			},
			want: map[int]ttData{0: bound(8, exact, -64, 2, 20), 1: bound(2, exact, 1, 1, 30)},
		},
		{
			name: "a surer result of the same depth replaces the board's entry",
			history: []ttStore{
				{key: 0, d: bound(12, 0, 5, 5, 20)},
				{key: 0, d: bound(12, exact, 3, 64, 21)},
			},
			want: map[int]ttData{0: bound(12, exact, 3, 64, 21)},
		},
		{
			name: "the same draft keeps the tighter of both bounds and the known move",
			history: []ttStore{
				{key: 0, d: bound(9, exact, 2, 64, 20)},
				{key: 0, d: bound(9, exact, -64, 8, noMove)},
			},
			want: map[int]ttData{0: bound(9, exact, 2, 8, 20)},
		},
		{
			name: "bounds of the same draft that meet make an exact score",
			history: []ttStore{
				{key: 0, d: bound(9, exact, 2, 64, 20)},
				{key: 0, d: bound(9, exact, -64, 2, 21)},
			},
			want: map[int]ttData{0: bound(9, exact, 2, 2, 21)},
		},
		{
			name: "contradicting bounds of the same draft: the new ones win",
			history: []ttStore{
				{key: 0, d: bound(9, exact, 2, 64, 20)},
				{key: 0, d: bound(9, exact, -64, 0, 21)},
			},
			want: map[int]ttData{0: bound(9, exact, -64, 0, 21)},
		},
	} {
		tt := NewTT(1)
		for _, s := range c.history {
			if s.newSearch {
				tt.NewSearch()
				continue
			}
			tt.store(ttKey(s.key), s.d)
		}
		for key, want := range c.want {
			got, ok := tt.probe(ttKey(key))
			got.generation = 0
			if !ok || got != want {
				t.Errorf("%s: board %d: got %+v (found %v), want %+v", c.name, key, got, ok, want)
			}
		}
		for _, key := range c.gone {
			if got, ok := tt.probe(ttKey(key)); ok {
				t.Errorf("%s: board %d should have been replaced, found %+v", c.name, key, got)
			}
		}
	}
}

func TestTableStampsEntriesWithTheirSearch(t *testing.T) {
	tt := NewTT(1)
	tt.NewSearch()
	tt.NewSearch()
	tt.store(ttKey(0), bound(4, noProbcut, 0, 0, 3))
	if got, ok := tt.probe(ttKey(0)); !ok || got.generation != 2 {
		t.Fatalf("entry %+v (found %v), want generation 2", got, ok)
	}
}
