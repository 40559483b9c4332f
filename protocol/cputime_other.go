//go:build !unix

package protocol

import "time"

// processStart approximates the start of the process.
var processStart = time.Now()

// cpuTime returns the time since the process started: without getrusage,
// the wall time stands in for the CPU time.
func cpuTime() time.Duration { return time.Since(processStart) }
