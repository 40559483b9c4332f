package eval

import "golang.org/x/sys/cpu"

// useAVX2 selects the vector feature update; it is fixed at start-up
// (tests switch it to check the portable update too).
var useAVX2 = cpu.X86.HasAVX2

// playAVX2 is PlayInto on all the feature slots at once (features_amd64.s);
// sq must be in [0, 64).
//
//go:noescape
func playAVX2(dst, src *Features, sq int, flips uint64, black bool)
