//go:build !amd64

package search

// prefetch brings b's cache line in with a plain load, where there is no
// prefetch instruction at hand.
func prefetch(b *ttBucket) { b[0].check.Load() }
