//go:build !amd64

package search

// prefetch brings b's cache line in with a plain load, where there is no
// prefetch instruction at hand.
func prefetch(b *ttBucket) { b[0].check.Load() }

// storeEntry writes an entry's data, then its check.
func storeEntry(e *ttEntry, check, data uint64) {
	e.data.Store(data)
	e.check.Store(check)
}
