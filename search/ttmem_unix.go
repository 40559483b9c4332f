//go:build unix

package search

import (
	"runtime"
	"sync"
	"unsafe"

	"golang.org/x/sys/unix"
)

// The table is mapped outside the Go heap. On the heap, the garbage
// collector counts it as live data, and GOGC lets the heap grow to twice
// its live size before collecting: a process with --hash 1024 reached 2.1 GB.
// Mapped, the table is held once, and is neither scanned nor copied.

// ttMemory is a table's mapping; release unmaps it once.
type ttMemory struct {
	once sync.Once
	mem  []byte
}

func (m *ttMemory) release() {
	m.once.Do(func() { unix.Munmap(m.mem) })
}

// allocBuckets returns n zeroed buckets, mapped outside the heap when the
// system allows, else on the heap.
func (t *TT) allocBuckets(n uint64) []ttBucket {
	size := int(n) * int(unsafe.Sizeof(ttBucket{}))
	mem, err := unix.Mmap(-1, 0, size, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_ANON|unix.MAP_PRIVATE)
	if err != nil {
		return make([]ttBucket, n)
	}
	hugePages(mem)
	t.mem = &ttMemory{mem: mem}
	// An engine dropped without Close still gives its table back.
	runtime.AddCleanup(t, (*ttMemory).release, t.mem)
	return unsafe.Slice((*ttBucket)(unsafe.Pointer(&mem[0])), n)
}

// free gives a mapped table back to the system at once, and drops a heap
// one. The table must not be used after: a probe then panics on the empty
// bucket slice rather than touching unmapped memory.
func (t *TT) free() {
	t.buckets = nil
	if t.mem != nil {
		t.mem.release()
	}
}
