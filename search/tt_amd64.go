package search

// prefetch asks the processor to bring b's cache line in without waiting
// for it (tt_amd64.s).
//
//go:noescape
func prefetch(b *ttBucket)

// storeEntry writes an entry's data, then its check, with plain stores
// (tt_amd64.s): atomic.Uint64.Store is an XCHG, a locked instruction that
// waits for the bucket's cache line, where a plain store goes to the store
// buffer and the search runs on (FFO #40-#44 2.21 -> 2.18 s).
//
//go:noescape
func storeEntry(e *ttEntry, check, data uint64)
