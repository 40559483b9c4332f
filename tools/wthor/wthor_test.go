package wthor

import (
	"encoding/binary"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/shareddata"
)

// moveByte writes a square as WTHOR does: 10*row + column, from 1.
func moveByte(sq int) byte { return byte(10*(sq/8+1) + sq%8 + 1) }

// randomGame plays a legal game with random moves and returns its record:
// move bytes and Black's final disc count (empties to the winner).
func randomGame(rng *rand.Rand) []byte {
	rec := make([]byte, RecordSize)
	binary.LittleEndian.PutUint16(rec[0:], 12)
	binary.LittleEndian.PutUint16(rec[2:], 345)
	binary.LittleEndian.PutUint16(rec[4:], 678)
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	for n := 0; !pos.GameOver(); n++ {
		if pos.MustPass() {
			pos = pos.Pass()
		}
		sq := bitboard.RandomMove(rng, pos.Moves())
		rec[8+n] = moveByte(sq)
		pos = pos.Play(sq)
	}
	b, _ := pos.FinalCounts()
	rec[6], rec[7] = byte(b), byte(b)
	return rec
}

// wtbFile builds a .wtb file of the records with theoretical depth 24.
func wtbFile(records ...[]byte) []byte {
	data := make([]byte, HeaderSize)
	data[0], data[1], data[2], data[3] = 20, 25, 11, 29
	binary.LittleEndian.PutUint32(data[4:], uint32(len(records)))
	binary.LittleEndian.PutUint16(data[10:], 2025)
	data[12], data[14] = 8, 24
	for _, r := range records {
		data = append(data, r...)
	}
	return data
}

func TestParseSyntheticFile(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	good := randomGame(rng)
	f, err := Parse("synthetic.wtb", wtbFile(good, randomGame(rng)))
	if err != nil {
		t.Fatal(err)
	}
	h := f.Header
	if h.Games != 2 || h.GameYear != 2025 || h.TheoreticalDepth != 24 || h.BoardSize != 8 || h.Century != 20 {
		t.Errorf("header = %+v", h)
	}
	g := f.Games[0]
	if g.Tournament != 12 || g.Black != 345 || g.White != 678 {
		t.Errorf("ids = %d %d %d, want 12 345 678", g.Tournament, g.Black, g.White)
	}
	ps, err := g.Replay()
	if err != nil {
		t.Fatal(err)
	}
	final := ps[len(ps)-1]
	if b, w := final.FinalCounts(); !final.GameOver() || b-w != g.BlackScore() {
		t.Errorf("replayed game ends %d-%d (over: %v), record says Black %+d", b, w, final.GameOver(), g.BlackScore())
	}
	moves, _ := g.Moves()
	if len(ps) != len(moves)+1 {
		t.Errorf("%d positions for %d moves, want one more", len(ps), len(moves))
	}
	if bad := Validate([]*File{f}); len(bad) != 0 {
		t.Errorf("Validate found %v in legal games", bad)
	}
}

func TestValidateNamesBadRecords(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	illegal := randomGame(rng)
	illegal[8] = moveByte(0) // a1 cannot open the game
	badByte := randomGame(rng)
	badByte[20] = 19 // column 9
	afterEnd := randomGame(rng)
	clear(afterEnd[8+40:])
	afterEnd[8+45] = 34
	score := randomGame(rng)
	score[6] = 65
	f, err := Parse("bad.wtb", wtbFile(randomGame(rng), illegal, badByte, afterEnd, score))
	if err != nil {
		t.Fatal(err)
	}
	bad := Validate([]*File{f})
	want := []string{
		"bad.wtb: game 1: move 1: illegal move a1",
		"bad.wtb: game 2: move 13: bad move byte 19",
		"bad.wtb: game 3: move 46: byte 34 after the end of the game",
		"bad.wtb: game 4: disc counts 65",
	}
	if len(bad) != len(want) {
		t.Fatalf("Validate = %v, want %d errors", bad, len(want))
	}
	for i, e := range bad {
		if !strings.HasPrefix(e.Error(), want[i]) {
			t.Errorf("error %d = %q, want it to start with %q", i, e, want[i])
		}
	}
}

func TestParseRefusesBadFiles(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	good := wtbFile(randomGame(rng), randomGame(rng))
	tenByTen := wtbFile(randomGame(rng))
	tenByTen[12] = 10
	for name, data := range map[string][]byte{
		"empty":     nil,
		"truncated": good[:len(good)-1],
		"too long":  append(good, 0),
		"10x10":     tenByTen,
	} {
		if _, err := Parse(name+".wtb", data); err == nil || !strings.HasPrefix(err.Error(), name+".wtb: ") {
			t.Errorf("%s: error %v, want one naming the file", name, err)
		}
	}
}

func TestRealFilesReplayLegally(t *testing.T) {
	files, err := ReadDir(shareddata.Path(t, "wthor"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		n += len(f.Games)
		if f.Header.TheoreticalDepth != 24 {
			t.Errorf("%s: theoretical depth %d, want 24", f.Path, f.Header.TheoreticalDepth)
		}
	}
	if n != 137548 {
		t.Errorf("%d games, want 137548", n)
	}
	for _, e := range Validate(files) {
		t.Error(e)
	}
}
