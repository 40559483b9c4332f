package protocol

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// memoryReserveMB is kept free beside the table when checking that a hash
// size fits: the rest of the process (up to 64 MiB measured, see README)
// and room for the system.
const memoryReserveMB = 256

// checkHashFits refuses a table of mb MiB that the memory available cannot
// hold (with heldMB, the table about to be given back, counted as
// available), naming the most that fits. Without a way to know the memory
// available (no /proc/meminfo), every size passes.
func checkHashFits(mb, heldMB int) error {
	avail, ok := availableMemoryMB()
	if !ok {
		return nil
	}
	if most := avail + heldMB - memoryReserveMB; mb > most {
		return fmt.Errorf("hash %d: at most %d MB fit in the memory available", mb, max(most, 1))
	}
	return nil
}

// availableMemoryMB reads Linux's estimate of the memory available to new
// allocations without swapping.
func availableMemoryMB() (int, bool) {
	f, err := os.Open("/proc/meminfo")
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
