package eval

import "golang.org/x/sys/cpu"

// useAVX2 selects the vector feature update and sum; it is fixed at
// start-up (tests switch it to check the portable ones too).
var useAVX2 = cpu.X86.HasAVX2

// playInto is PlayInto with sq in [0, 64): with AVX2 on all the feature
// slots at once, else playGo (features_amd64.s). Being one call, PlayInto
// inlines into its callers.
//
//go:noescape
func playInto(dst, src *Features, sq int, flips uint64, black bool)

// sumAVX2 returns the sum of the weights at f's indices plus their
// offsets, for all the slots (the unused ones read a padding zero), eight
// per gather (features_amd64.s).
//
//go:noescape
func sumAVX2(w *int16, f *Features, off *[featureSlots]int32) int32

// playSumAVX2 is sumAVX2 of the features after a move (see playInto),
// without storing them (features_amd64.s).
//
//go:noescape
func playSumAVX2(src *Features, sq int, flips uint64, black bool, w *int16, off *[featureSlots]int32) int32

// playSum16AVX2 is playSumAVX2 summing the first 16 slots alone, Order's:
// playing the other slots too costs under a nanosecond (features_amd64.s).
//
//go:noescape
func playSum16AVX2(src *Features, sq int, flips uint64, black bool, w *int16, off *[featureSlots]int32) int32
