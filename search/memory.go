package search

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// memoryReserveMB is kept free beside the table when checking that a hash
// size fits: the rest of the process (up to 64 MiB measured over --hash
// 64 and 1024, see README) and room for the system.
const memoryReserveMB = 256

// CheckTableFits refuses a table of mb MiB that the memory available cannot
// hold, naming the most that fits; heldMB, a table about to be given back,
// counts as available. New checks every table with it; a protocol session
// asks it before giving its table back for a new size, so that a refused
// size leaves the session as it was. Without a way to know the memory
// available (no /proc/meminfo), every size passes.
func CheckTableFits(mb, heldMB int) error {
	avail, ok := availableMemoryMB()
	if !ok {
		return nil
	}
	if most := avail + heldMB - memoryReserveMB; mb > most {
		return fmt.Errorf("hash %d: at most %d MB fit in the memory available", mb, max(most, 1))
	}
	return nil
}

// availableMemoryMB returns the memory available to new allocations
// without swapping: Linux's estimate, bounded in a container by the
// cgroup's limit.
func availableMemoryMB() (int, bool) {
	return availableMemoryFrom("/proc/meminfo", "/sys/fs/cgroup")
}

// availableMemoryFrom reads MemAvailable from the meminfo file and, where
// the cgroup v2 directory sets a limit (memory.max other than "max"), takes
// the smaller of it and the limit less what the cgroup already uses
// (memory.current). Without MemAvailable it knows nothing.
func availableMemoryFrom(meminfo, cgroup string) (int, bool) {
	avail, ok := memAvailableMB(meminfo)
	if !ok {
		return 0, false
	}
	limit, ok := readBytes(filepath.Join(cgroup, "memory.max"))
	if !ok {
		return avail, true
	}
	used, _ := readBytes(filepath.Join(cgroup, "memory.current"))
	return min(avail, int(max(limit-used, 0)>>20)), true
}

// memAvailableMB reads MemAvailable, in MiB, from a /proc/meminfo file.
func memAvailableMB(path string) (int, bool) {
	f, err := os.Open(path)
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, ok := strings.CutPrefix(sc.Text(), "MemAvailable:"); ok {
			kb, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return kb >> 10, err == nil
		}
	}
	return 0, false
}

// readBytes reads a cgroup file holding one byte count; "max" (no limit),
// a missing file or anything else unreadable gives false.
func readBytes(path string) (int64, bool) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, false
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(b)), 10, 64)
	return n, err == nil && n >= 0
}
