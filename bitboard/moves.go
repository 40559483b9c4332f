package bitboard

import "math/bits"

// Move generation uses only shifts and masks (the Kogge-Stone "parallel
// prefix" fill); flips use per-square ray masks and bit scans. There are no
// magic multiplications and no tables indexed by occupancy. Each of the eight directions is a shift by 1 (east/west),
// 8 (south/north), 7 or 9 (the diagonals); masks stop runs from wrapping
// around the board's left and right edges.

const (
	notAFile uint64 = 0xfefefefefefefefe // every square except column a
	notHFile uint64 = 0x7f7f7f7f7f7f7f7f // every square except column h
	innerCol uint64 = 0x7e7e7e7e7e7e7e7e // columns b..g: runs along rows and diagonals cannot cross the edge
)

// Moves returns the squares where the player with discs p may play against
// the opponent's discs o.
func Moves(p, o uint64) uint64 { return moves(p, o) }

// Mobility returns the moves of both players: Moves(p, o) and Moves(o, p),
// computed together for about the cost of one (the evaluation's mobility
// term needs both at every leaf).
func Mobility(p, o uint64) (pm, om uint64) { return mobility(p, o) }

// mobilityGo is the portable Mobility.
func mobilityGo(p, o uint64) (pm, om uint64) { return movesGo(p, o), movesGo(o, p) }

// movesGo is the portable move generator; movesAVX2 computes the same thing.
func movesGo(p, o uint64) uint64 {
	empty := ^(p | o)
	mo := o & innerCol
	return (fillUp(p, mo, 1) | fillDown(p, mo, 1) |
		fillUp(p, o, 8) | fillDown(p, o, 8) |
		fillUp(p, mo, 7) | fillDown(p, mo, 7) |
		fillUp(p, mo, 9) | fillDown(p, mo, 9)) & empty
}

// fillUp returns the squares one step past each run of mask discs that starts
// next to a p disc, going towards higher bit indices by shift s. A run is at
// most 6 discs long, which the doubling steps cover: 1 + 1 + 2 + 2.
func fillUp(p, mask uint64, s uint) uint64 {
	f := mask & (p << s)
	f |= mask & (f << s)
	pre := mask & (mask << s)
	f |= pre & (f << (2 * s))
	f |= pre & (f << (2 * s))
	return f << s
}

// fillDown is fillUp towards lower bit indices.
func fillDown(p, mask uint64, s uint) uint64 {
	f := mask & (p >> s)
	f |= mask & (f >> s)
	pre := mask & (mask >> s)
	f |= pre & (f >> (2 * s))
	f |= pre & (f >> (2 * s))
	return f >> s
}

// Flips returns the opponent discs that a move by p on square sq turns over.
// It is zero when the move is illegal (sq must be empty).
//
// Along each of the eight rays leaving sq, the first square that is not an
// opponent disc ends the run; if it holds a p disc, the run flips. On rays
// towards higher squares that square is the lowest set bit of the ray's
// non-opponent squares; on rays towards lower squares, the highest. The ray
// masks depend on the square only, never on the discs.
func Flips(sq int, p, o uint64) uint64 { return flips(sq, p, o) }

// flipsGo is the portable Flips; flipsAVX2 computes the same thing.
func flipsGo(sq int, p, o uint64) uint64 {
	r := &rays[sq]
	return flipUp(r[0], p, o) | flipUp(r[1], p, o) | flipUp(r[2], p, o) | flipUp(r[3], p, o) |
		flipDown(r[4], p, o) | flipDown(r[5], p, o) | flipDown(r[6], p, o) | flipDown(r[7], p, o)
}

// flipUp flips along a ray whose squares lie above the move.
func flipUp(ray, p, o uint64) uint64 {
	stop := ray &^ o
	first := stop & -stop
	if first&p == 0 {
		return 0
	}
	return ray & (first - 1)
}

// flipDown flips along a ray whose squares lie below the move.
func flipDown(ray, p, o uint64) uint64 {
	stop := ray &^ o
	// A shift by 64 or more is zero in Go, so an all-opponent ray gives first == 0.
	first := uint64(1) << uint(bits.Len64(stop)-1)
	if first&p == 0 {
		return 0
	}
	return ray &^ (first<<1 - 1)
}

// rays holds, for each square, the squares of its eight rays: east, south-west,
// south, south-east (towards higher squares) then west, north-east, north,
// north-west (towards lower squares).
var rays = func() (r [64][8]uint64) {
	dirs := [8][2]int{{0, 1}, {1, -1}, {1, 0}, {1, 1}, {0, -1}, {-1, 1}, {-1, 0}, {-1, -1}}
	for sq := 0; sq < 64; sq++ {
		for d, dir := range dirs {
			for row, col := sq/8+dir[0], sq%8+dir[1]; row >= 0 && row < 8 && col >= 0 && col < 8; row, col = row+dir[0], col+dir[1] {
				r[sq][d] |= Bit(row*8 + col)
			}
		}
	}
	return r
}()

// PotentialMobility counts the empty squares next to an opponent disc: the
// squares where p may get a move later. Used by move ordering.
func PotentialMobility(p, o uint64) uint64 {
	return neighbours(o) & ^(p | o)
}

// neighbours returns every square adjacent to a disc of b.
func neighbours(b uint64) uint64 {
	h := ((b << 1) & notAFile) | ((b >> 1) & notHFile)
	v := b<<8 | b>>8
	d := ((b << 9) & notAFile) | ((b >> 7) & notAFile) | ((b << 7) & notHFile) | ((b >> 9) & notHFile)
	return h | v | d
}

// FlipsNear is Flips, answered at once when no opponent disc touches sq:
// in the last empties many moves are illegal that way, and the table
// lookup costs less than the ray scans.
func FlipsNear(sq int, p, o uint64) uint64 {
	if neighbourMasks[sq]&o == 0 {
		return 0
	}
	return flips(sq, p, o)
}

// neighbourMasks[sq] holds the squares adjacent to sq.
var neighbourMasks = func() (m [64]uint64) {
	for sq := range m {
		m[sq] = neighbours(Bit(sq))
	}
	return m
}()
