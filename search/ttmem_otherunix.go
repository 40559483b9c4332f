//go:build unix && !linux

package search

// hugePages does nothing: MADV_HUGEPAGE is Linux's; other systems promote
// pages on their own or not at all.
func hugePages([]byte) {}
