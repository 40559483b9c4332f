package search

import "golang.org/x/sys/unix"

// hugePages asks for huge pages for a mapped table where the system grants
// them: a probe is a random access anywhere in the table, and with 4 KiB
// pages most also miss the TLB.
func hugePages(b []byte) { _ = unix.Madvise(b, unix.MADV_HUGEPAGE) }
