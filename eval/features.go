package eval

import "math/bits"

// Features holds the base-3 index of every pattern instance in a fixed
// colour frame: a square counts 0 when empty, 1 for black, 2 for white,
// times 3^i for the i-th square of the instance. Play keeps it up to date
// move by move, which costs a few additions per flipped disc instead of
// recomputing all the indices; a search keeps a copy per ply to go back. Each index is stored plus its shape's offset
// in a phase's weights (featureOffset), so that the evaluation reads a
// weight with one load per feature.
type Features struct {
	idx [numFeatures]int32
}

// NewFeatures computes the features of a board from scratch.
func NewFeatures(black, white uint64) Features {
	var f Features
	for fi, ft := range features {
		x := featureOffset[fi]
		for i, sq := range ft.squares {
			switch {
			case black&(1<<uint(sq)) != 0:
				x += int32(pow3[i])
			case white&(1<<uint(sq)) != 0:
				x += 2 * int32(pow3[i])
			}
		}
		f.idx[fi] = x
	}
	return f
}

// Play updates the features for a move of black (white when !black) on sq
// that flips the discs of flips.
func (f *Features) Play(sq int, flips uint64, black bool) {
	// Placing adds the mover's digit (1 or 2); a flip turns the other
	// colour's digit into the mover's: +1 towards white, -1 towards black.
	place, flip := int32(1), int32(-1)
	if !black {
		place, flip = 2, 1
	}
	for _, t := range squareTerms[sq] {
		f.idx[t.feature] += place * t.power
	}
	for ; flips != 0; flips &= flips - 1 {
		for _, t := range squareTerms[bits.TrailingZeros64(flips)] {
			f.idx[t.feature] += flip * t.power
		}
	}
}

// Index returns the index of feature i (for training tools).
func (f *Features) Index(i int) int { return int(f.idx[i] - featureOffset[i]) }

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
	x := f.idx[i] - featureOffset[i]
	if !blackToMove {
		x = swap3[len(features[i].squares)][x]
	}
	return int(x)
}
