package eval

import "math/bits"

// Features holds the base-3 index of every pattern instance in a fixed
// colour frame: a square counts 0 when empty, 1 for black, 2 for white,
// times 3^i for the i-th square of the instance. Play keeps it up to date
// move by move, which costs a few additions per flipped disc instead of
// recomputing all the indices; a search keeps a copy per ply to go back.
// The indices are 16-bit (3^10 fits) in featureSlots slots, the unused ones
// zero, so that on amd64 a move updates all of them in four 256-bit
// additions per square (features_amd64.s).
type Features struct {
	idx [featureSlots]uint16
}

// featureSlots is the size of Features' array: numFeatures rounded up to a
// whole number of 256-bit vectors.
const featureSlots = 64

// NewFeatures computes the features of a board from scratch: each disc
// adds its square's power of three to the indices of its features, once
// for black and twice for white. Going by the discs instead of testing
// every square of every feature avoids a mispredicted branch a square:
// 0.56-0.59 µs a position instead of 3.05-3.35 (BenchmarkNewFeatures,
// alternated), and it was most of the time "sable train" spent gathering
// a phase's positions.
func NewFeatures(black, white uint64) Features {
	var f Features
	for ; black != 0; black &= black - 1 {
		for _, t := range squareTerms[bits.TrailingZeros64(black)] {
			f.idx[t.feature] += t.power
		}
	}
	for ; white != 0; white &= white - 1 {
		for _, t := range squareTerms[bits.TrailingZeros64(white)] {
			f.idx[t.feature] += 2 * t.power
		}
	}
	return f
}

// Play updates the features for a move of black (white when !black) on sq
// that flips the discs of flips.
func (f *Features) Play(sq int, flips uint64, black bool) { f.PlayInto(f, sq, flips, black) }

// PlayInto sets *dst to the features after the move (see Play); dst may be
// f. A search playing into the next ply's slot saves copying first.
func (f *Features) PlayInto(dst *Features, sq int, flips uint64, black bool) {
	playInto(dst, f, sq&63, flips, black)
}

// playGo is the portable playInto.
func playGo(dst, src *Features, sq int, flips uint64, black bool) {
	*dst = *src
	// Placing adds the mover's digit (1 or 2); a flip turns the other
	// colour's digit into the mover's: +1 towards white, -1 towards black.
	// Every intermediate index is a valid one, so no 16-bit sum wraps.
	place, flip := uint16(1), uint16(0xffff) // -1
	if !black {
		place, flip = 2, 1
	}
	for _, t := range squareTerms[sq] {
		dst.idx[t.feature] += place * t.power
	}
	for ; flips != 0; flips &= flips - 1 {
		for _, t := range squareTerms[bits.TrailingZeros64(flips)] {
			dst.idx[t.feature] += flip * t.power
		}
	}
}

// squareDeltas[sq] holds, for each feature slot, the power of three of sq
// in that feature (0 where sq is not in it): what a disc turning from
// empty to black, or from black to white, adds to the indices.
var squareDeltas = func() (d [64]Features) {
	for fi, ft := range features {
		for i, sq := range ft.squares {
			d[sq].idx[fi] = uint16(pow3[i])
		}
	}
	return d
}()

// Index returns the index of feature i (for training tools).
func (f *Features) Index(i int) int { return int(f.idx[i]) }

// swap3 maps an index to the same pattern with the colours exchanged
// (digits 1 and 2 swapped), per number of squares.
var swap3 = func() (t [11][]int32) {
	for n := 3; n <= 10; n++ {
		t[n] = make([]int32, pow3[n])
		for x := range pow3[n] {
			y, r := 0, x
			for i := 0; i < n; i++ {
				d := r % 3
				r /= 3
				if d != 0 {
					d = 3 - d
				}
				y += d * pow3[i]
			}
			t[n][x] = int32(y)
		}
	}
	return t
}()

// MoverIndex returns feature i's index from the view of the player to move:
// digit 1 for the mover's discs, 2 for the opponent's.
func (f *Features) MoverIndex(i int, blackToMove bool) int {
	x := int32(f.idx[i])
	if !blackToMove {
		x = swap3[len(features[i].squares)][x]
	}
	return int(x)
}
