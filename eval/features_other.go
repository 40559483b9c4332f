//go:build !amd64

package eval

// useAVX2 is false where there is no vector feature update (a variable, as
// on amd64, so that the tests can switch it).
var useAVX2 = false

// playInto is PlayInto with sq in [0, 64).
func playInto(dst, src *Features, sq int, flips uint64, black bool) {
	playGo(dst, src, sq, flips, black)
}

// sumAVX2 is never called off amd64.
func sumAVX2(w *int16, f *Features, off *[featureSlots]int32) int32 { return 0 }

// playSum16AVX2 is never called off amd64.
func playSum16AVX2(src *Features, sq int, flips uint64, black bool, w *int16, off *[featureSlots]int32) int32 {
	return 0
}

// playSumAVX2 is never called off amd64.
func playSumAVX2(src *Features, sq int, flips uint64, black bool, w *int16, off *[featureSlots]int32) int32 {
	return 0
}
