//go:build !unix

package search

// ttMemory is a mapped table's memory: none where mmap is not available.
type ttMemory struct{}

// allocBuckets returns n zeroed buckets on the heap.
func (t *TT) allocBuckets(n uint64) []ttBucket { return make([]ttBucket, n) }

// free leaves the table to the garbage collector.
func (t *TT) free() { t.buckets = nil }
