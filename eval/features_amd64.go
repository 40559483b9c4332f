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

// sumAVX2 returns the sum of the weights at f's indices plus their
// offsets, for the first 56 slots (the unused ones read a padding zero),
// eight per gather (features_amd64.s).
//
//go:noescape
func sumAVX2(w *int16, f *Features, off *[featureSlots]int32) int32
