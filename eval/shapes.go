package eval

import (
	"slices"

	"github.com/sable-othello/sable/bitboard"
)

// The pattern set: every line of three or more squares (rows and columns 2
// to 4, the diagonals of 3 to 8 squares; the edges are in edge+2X), plus the
// shapes that decide corners: the 3x3 corner block, the 2x5 corner
// rectangle and the edge with both X-squares. This is Logistello's choice.
// After them come Edax's two 10-square corner shapes, corner+block and
// angle+X: on the same labels they were worth +40 and +31 Elo at fixed
// depths of 10 and 8 (docs/training.md), for one more vector gather an
// evaluation. Last, Egaroucid's fish: its 4 instances fit in the same 8
// gathers, and with it and 30 phases the weights beat those before by +38
// Elo over 800 games at equal time. Each shape is given once; its instances
// are its images under the board's 8 symmetries, with the squares in
// corresponding order so that all instances share one weight table. Order
// reads the first shapes' features only, so new shapes go at the end.

// shape is one pattern: a name and its base squares.
type shape struct {
	name    string
	squares []string
}

var shapes = []shape{
	{"corner3x3", []string{"a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"}},
	{"corner2x5", []string{"a1", "b1", "c1", "d1", "e1", "a2", "b2", "c2", "d2", "e2"}},
	{"edge2x", []string{"b2", "a1", "b1", "c1", "d1", "e1", "f1", "g1", "h1", "g2"}},
	{"line2", []string{"a2", "b2", "c2", "d2", "e2", "f2", "g2", "h2"}},
	{"line3", []string{"a3", "b3", "c3", "d3", "e3", "f3", "g3", "h3"}},
	{"line4", []string{"a4", "b4", "c4", "d4", "e4", "f4", "g4", "h4"}},
	{"diag8", []string{"a1", "b2", "c3", "d4", "e5", "f6", "g7", "h8"}},
	{"diag7", []string{"b1", "c2", "d3", "e4", "f5", "g6", "h7"}},
	{"diag6", []string{"c1", "d2", "e3", "f4", "g5", "h6"}},
	{"diag5", []string{"d1", "e2", "f3", "g4", "h5"}},
	{"diag4", []string{"d1", "c2", "b3", "a4"}},
	{"diag3", []string{"c1", "b2", "a3"}},
	{"cornerblock", []string{"a1", "c1", "d1", "c2", "d2", "e2", "f2", "e1", "f1", "h1"}},
	{"anglex", []string{"a5", "a4", "a3", "a2", "a1", "b2", "b1", "c1", "d1", "e1"}},
	{"fish", []string{"a1", "b1", "a2", "b2", "c2", "d2", "b3", "c3", "b4", "d4"}},
}

// feature is one instance of a shape on the board.
type feature struct {
	shape   int   // index into shapes
	squares []int // in the shape's order; square i weighs 3^i
}

// features lists every instance of every shape.
var features = func() []feature {
	var out []feature
	for si, sh := range shapes {
		base := make([]int, len(sh.squares))
		for i, name := range sh.squares {
			sq, err := bitboard.ParseSquare(name)
			if err != nil {
				panic(err) // the table above is fixed: a typo is a build bug
			}
			base[i] = sq
		}
		var seen [][]int
		for s := 0; s < bitboard.NumSymmetries; s++ {
			img := make([]int, len(base))
			for i, sq := range base {
				img[i] = bitboard.SymmetrySquare(sq, s)
			}
			set := slices.Clone(img)
			slices.Sort(set)
			if slices.ContainsFunc(seen, func(x []int) bool { return slices.Equal(x, set) }) {
				continue
			}
			seen = append(seen, set)
			out = append(out, feature{shape: si, squares: img})
		}
	}
	return out
}()

// NumFeatures returns the number of pattern instances on the board.
func NumFeatures() int { return numFeatures }

// numFeatures is len(features), a constant so that loops over the features
// of fixed-size arrays need no bounds checks.
const numFeatures = 62

func init() {
	if len(features) != numFeatures {
		panic("eval: numFeatures does not match the shapes table") // a build bug
	}
}

// pow3 holds powers of three.
var pow3 = [11]int{1, 3, 9, 27, 81, 243, 729, 2187, 6561, 19683, 59049}

// shapeSize returns the number of indices of a shape's table.
func shapeSize(si int) int { return pow3[len(shapes[si].squares)] }

// squareTerm is one feature touched by a square, with the square's weight
// (power of three) in that feature's index.
type squareTerm struct {
	feature int
	power   uint16
}

// squareTerms lists, for each square, the features it belongs to.
var squareTerms = func() (t [64][]squareTerm) {
	for fi, f := range features {
		for i, sq := range f.squares {
			t[sq] = append(t[sq], squareTerm{feature: fi, power: uint16(pow3[i])})
		}
	}
	return t
}()

// canonIndex[s][x] is the representative of index x of shape s among the
// indices that the shape's own symmetries map it to. A shape such as the
// corner block is its own image under the diagonal mirror, with its squares
// in another order; sharing one weight between such indices makes
// symmetric positions evaluate identically.
var canonIndex = func() [][]int32 {
	out := make([][]int32, len(shapes))
	for si := range shapes {
		perms := selfPermutations(si)
		n := len(shapes[si].squares)
		out[si] = make([]int32, pow3[n])
		for x := range pow3[n] {
			best := x
			for _, perm := range perms {
				y := 0
				for i := 0; i < n; i++ {
					y += (x / pow3[i] % 3) * pow3[perm[i]]
				}
				best = min(best, y)
			}
			out[si][x] = int32(best)
		}
	}
	return out
}()

// selfPermutations returns, for each symmetry mapping shape si's base
// squares onto themselves, where each position's square goes.
func selfPermutations(si int) [][]int {
	var base []int
	for _, name := range shapes[si].squares {
		sq, _ := bitboard.ParseSquare(name)
		base = append(base, sq)
	}
	var perms [][]int
	for s := 1; s < bitboard.NumSymmetries; s++ {
		perm := make([]int, len(base))
		ok := true
		for i, sq := range base {
			perm[i] = slices.Index(base, bitboard.SymmetrySquare(sq, s))
			ok = ok && perm[i] >= 0
		}
		if ok {
			perms = append(perms, perm)
		}
	}
	return perms
}
