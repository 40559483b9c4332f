package bitboard

// On the last empty square every other square holds a disc, so the flips of
// a move there depend only on where the mover's discs lie along the four
// lines through it. LastFlipCount reads each line as an 8-bit pattern and
// sums per-line counts from a table: no ray scans, no board update.

// lineFlips[i][b] is the number of discs a move on position i of a full
// line flips, where bit j of b is set when position j holds a mover's disc
// and clear when it holds an opponent's (bit i is ignored). Positions off a
// short diagonal read as opponent discs, which never close a run: exactly
// what the board's edge does.
var lineFlips = func() (t [8][256]uint8) {
	for i := 0; i < 8; i++ {
		for b := 0; b < 256; b++ {
			n := 0
			for _, step := range [2]int{1, -1} {
				run := 0
				j := i + step
				for ; j >= 0 && j < 8 && b&(1<<j) == 0; j += step {
					run++
				}
				if j >= 0 && j < 8 {
					n += run
				}
			}
			t[i][b] = uint8(n)
		}
	}
	return t
}()

// lineMasks[sq] holds the a1-h8 and h1-a8 diagonals through sq.
var lineMasks = func() (m [64][2]uint64) {
	for sq := 0; sq < 64; sq++ {
		r, c := sq/8, sq%8
		for s := 0; s < 64; s++ {
			if s/8-s%8 == r-c {
				m[sq][0] |= Bit(s)
			}
			if s/8+s%8 == r+c {
				m[sq][1] |= Bit(s)
			}
		}
	}
	return m
}()

// LastFlipCount returns how many discs a move by p on sq flips when sq is
// the only empty square (every square but sq holds a disc of p or of the
// opponent). It is zero when the move is illegal. It counts what
// bits.OnesCount64(Flips(sq, p, ^p&^Bit(sq))) does, faster.
func LastFlipCount(sq int, p uint64) int {
	r, c := uint(sq>>3), uint(sq&7)
	row := uint8(p >> (8 * r))
	// The column's squares, one per row, gathered into one byte by a
	// multiplication whose partial products never overlap.
	col := uint8(((p >> c) & 0x0101010101010101) * 0x8040201008040201 >> 56) // bit 7-i is row i
	// A diagonal holds one square per column: folding its rows onto one
	// byte keeps every square at its column's bit.
	diag := uint8((p & lineMasks[sq][0]) * 0x0101010101010101 >> 56)
	anti := uint8((p & lineMasks[sq][1]) * 0x0101010101010101 >> 56)
	return int(lineFlips[c][row]) + int(lineFlips[7-r][col]) + int(lineFlips[c][diag]) + int(lineFlips[c][anti])
}
