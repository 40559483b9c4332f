package search

// prefetch asks the processor to bring b's cache line in without waiting
// for it (prefetch_amd64.s).
//
//go:noescape
func prefetch(b *ttBucket)
