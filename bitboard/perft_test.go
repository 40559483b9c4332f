package bitboard

import (
	"bufio"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/sable-othello/sable/internal/shareddata"
)

// readPerftTable reads depth -> leaves from a shared perft table, taking
// the column named col.
func readPerftTable(t testing.TB, name, col string) map[int]uint64 {
	t.Helper()
	f, err := os.Open(shareddata.Path(t, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	counts := map[int]uint64{}
	idx := -1
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if strings.HasPrefix(line, "#") || line == "" {
			continue
		}
		fields := strings.Split(line, "\t")
		if idx < 0 {
			for i, h := range fields {
				if h == col {
					idx = i
				}
			}
			if idx < 0 {
				t.Fatalf("%s has no column %q", name, col)
			}
			continue
		}
		d, err1 := strconv.Atoi(fields[0])
		n, err2 := strconv.ParseUint(fields[idx], 10, 64)
		if err1 == nil && err2 == nil {
			counts[d] = n
		}
	}
	return counts
}

func TestPerftOthello(t *testing.T) {
	want := readPerftTable(t, "perft-othello.tsv", "mode1")
	maxDepth := 10
	if testing.Short() {
		maxDepth = 9
	}
	for d := 1; d <= maxDepth; d++ {
		if got := Perft(NewGame(DefaultRules(Othello)), d); got != want[d] {
			t.Errorf("othello perft(%d) = %d, want %d", d, got, want[d])
		}
	}
}

func TestPerftClassic(t *testing.T) {
	want := readPerftTable(t, "perft-classic.tsv", "leaves")
	for d := 1; d <= 11; d++ {
		if got := Perft(NewGame(DefaultRules(Classic)), d); got != want[d] {
			t.Errorf("classic perft(%d) = %d, want %d", d, got, want[d])
		}
	}
}

func TestDivideSumsToPerft(t *testing.T) {
	pos := NewGame(DefaultRules(Othello))
	var sum uint64
	entries := Divide(pos, 6)
	for _, e := range entries {
		sum += e.Leaves
	}
	if len(entries) != 4 || sum != Perft(pos, 6) {
		t.Fatalf("divide gave %d entries summing to %d", len(entries), sum)
	}
}

func TestPerftCountsPassAsPlyAndFinishedGameAsLeaf(t *testing.T) {
	// White (to move) has no move, Black has h8: the pass is a ply.
	b, side, err := ParseBoardString(strings.Repeat("X", 62) + "O- O")
	if err != nil {
		t.Fatal(err)
	}
	pos := FromBoard(b, side, DefaultRules(Othello))
	if !pos.MustPass() {
		t.Fatalf("white should have to pass:\n%s", FormatBoard(pos))
	}
	if got := Perft(pos, 1); got != 1 {
		t.Errorf("perft(1) with a forced pass = %d, want 1", got)
	}
	// After the pass Black plays h8, and the full board is a finished game:
	// at depth 5 it still counts once.
	if got := Perft(pos, 5); got != 1 {
		t.Errorf("perft(5) = %d, want 1", got)
	}
	if d := Divide(pos, 3); len(d) != 1 || d[0].Move != PassMove {
		t.Errorf("divide with forced pass = %+v", d)
	}
}

// perftSimple is the plain recursive count over a bare board: the baseline
// that shows what perftBoard's unrolled last level gains.
func perftSimple(b Board, depth int) uint64 {
	moves := b.Moves()
	if moves == 0 {
		q := b.Pass()
		if depth == 1 || q.Moves() == 0 {
			return 1
		}
		return perftSimple(q, depth-1)
	}
	if depth == 1 {
		return uint64(bits.OnesCount64(moves))
	}
	var n uint64
	for ; moves != 0; moves &= moves - 1 {
		sq := bits.TrailingZeros64(moves)
		n += perftSimple(b.Play(sq, Flips(sq, b.P, b.O)), depth-1)
	}
	return n
}

func BenchmarkPerft9Position(b *testing.B) {
	var leaves uint64
	for b.Loop() {
		leaves += Perft(NewGame(DefaultRules(Othello)), 9)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

// BenchmarkPerft9Rules counts through Position, with the variant checks at
// every node, as classic Reversi is counted.
func BenchmarkPerft9Rules(b *testing.B) {
	var leaves uint64
	for b.Loop() {
		leaves += perftRules(NewGame(DefaultRules(Othello)), 9)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkPerft9Simple(b *testing.B) {
	var leaves uint64
	for b.Loop() {
		leaves += perftSimple(Start(), 9)
	}
	b.ReportMetric(float64(leaves)/b.Elapsed().Seconds(), "leaves/s")
}

func BenchmarkMoves(b *testing.B) {
	boards := benchBoards()
	var sink uint64
	for i := 0; b.Loop(); i++ {
		x := boards[i&1023]
		sink += Moves(x.P, x.O)
	}
	_ = sink
}

// BenchmarkMobility is both sides' moves, as the evaluation takes them.
func BenchmarkMobility(b *testing.B) {
	boards := benchBoards()
	var sink uint64
	for i := 0; b.Loop(); i++ {
		x := boards[i&1023]
		pm, om := Mobility(x.P, x.O)
		sink += pm ^ om
	}
	_ = sink
}

func BenchmarkFlips(b *testing.B) {
	boards := benchBoards()
	var sink uint64
	for i := 0; b.Loop(); i++ {
		x := boards[i&1023]
		sink += Flips(i&63, x.P, x.O)
	}
	_ = sink
}

func benchBoards() []Board {
	rng := newTestRand()
	out := make([]Board, 1024)
	for i := range out {
		out[i] = randomGame(rng, 10+i%45)
	}
	return out
}

func TestPerftPathsAgree(t *testing.T) {
	rng := newTestRand()
	for i := 0; i < 50; i++ {
		b := randomGame(rng, 20+i%40)
		pos := FromBoard(b, Black, DefaultRules(Othello))
		if a, c := Perft(pos, 4), perftRules(pos, 4); a != c || a != perftSimple(b, 4) {
			t.Fatalf("perft paths disagree on %s: %d %d", BoardString(b, Black), a, c)
		}
	}
}
