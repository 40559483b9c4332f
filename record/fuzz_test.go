package record

import (
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// recordSeeds are records of every format, valid and not, that the fuzz
// targets start from.
var recordSeeds = []string{
	"(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 " + startCells + " *]B[F5]W[F6]B[D3]W[C5];)",
	"(;GM[Othello]PC[sable match]GN[3]PB[a\\]b]PW[c\\\\d]RE[-64.000:t]TB[300/2]TW[1:00/0/30]TY[8]BO[8 " + startCells + " *]B[f5]W[d6/-1.00/1.25]B[PA];)",
	"2 (;gm[othello]bo[8 " + startCells + " O]w[pa//0.5];)(;GM[Othello];)",
	"(;FF[4]GM[2]SZ[8]AP[Quarry:0.2.0]PB[Human]PW[Sable];B[d3];W[c3];B[b3])",
	"(;FF[4]CA[UTF-8]AP[gogui-twogtp:1.6.0]SZ[8]KM[0]RE[B+26]C[Result[Black\\]: B+26];B[ce];W[ef];B[];W[tt])",
	"(;GM[2]FF[4]SZ[8]AB[de][ed]AW[dd][ee]PL[B]TM[300];B[fe];W[fd](;B[ec];W[fb])(;B[cc]))",
	"(;GM[2]AE[a1:h8]PL[W]RE[W+R])",
	"f5d6c3d3c4f4f6f3e6e7",
	"f5 d6 pa",
	"(;GM[Othello]BO[8 -",
	"((((;",
}

func FuzzParse(f *testing.F) {
	for _, s := range recordSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		g, err := Parse(text)
		if err != nil {
			return
		}
		// Whatever the format read, GGF writes all of it back, with
		// the Othello start when the record had none.
		want := *g
		if want.Setup == nil {
			want.Setup = &Setup{Board: bitboard.Start(), Side: bitboard.Black}
		}
		checkGGFRoundTrip(t, &want)
	})
}

func FuzzParseAll(f *testing.F) {
	for _, s := range recordSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		games, err := ParseAll(text)
		if err != nil {
			return
		}
		for _, g := range games {
			want := *g
			if want.Setup == nil {
				want.Setup = &Setup{Board: bitboard.Start(), Side: bitboard.Black}
			}
			checkGGFRoundTrip(t, &want)
		}
	})
}

func FuzzParseGGF(f *testing.F) {
	for _, s := range recordSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if g, err := ParseGGF(text); err == nil {
			checkGGFRoundTrip(t, g)
		}
	})
}

func FuzzParseSGF(f *testing.F) {
	for _, s := range recordSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if g, err := ParseSGF(text); err == nil {
			checkSGFRoundTrip(t, g)
		}
	})
}

func FuzzParseTranscript(f *testing.F) {
	for _, s := range recordSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if g, err := ParseTranscript(text); err == nil {
			checkTranscriptRoundTrip(t, g)
		}
	})
}

func FuzzParseMoveItem(f *testing.F) {
	for _, s := range []string{"F5", "f5/1.5", "d3//0.01", "PA/-3/2.5", "e6/0x1p-2/1:02:03.5", "a1/1e-400", "h8///", "b2/+Inf", "d6 -1.00 0.0", "  "} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMoveItem(s)
		if err != nil {
			return
		}
		back, err := ParseMoveItem(m.ggf())
		if err != nil || back != m {
			t.Fatalf("%q read as %+v, written %q, read back as %+v, %v", s, m, m.ggf(), back, err)
		}
	})
}

func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"inf", "", "40/60", "1/500ms", "300+2.5", "2m", "0", "1/0.0001", "2562047h", "-3", "5+-1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTimeControl(s)
		if err != nil || tc.Main%time.Millisecond != 0 || tc.Increment%time.Millisecond != 0 {
			return // String writes milliseconds
		}
		back, err := ParseTimeControl(tc.String())
		if err != nil || back != tc {
			t.Fatalf("%q read as %+v, written %q, read back as %+v, %v", s, tc, tc.String(), back, err)
		}
	})
}

func FuzzParseGGFClock(f *testing.F) {
	for _, s := range []string{"15:00", "1:00:00/5/2:00", "30,N", "0/0/0", "1:xx", "//", "10000000:00:00", "0.0005"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseGGFClock(s)
		if err != nil {
			return
		}
		back, err := ParseGGFClock(tc.GGF())
		if err != nil || back != tc {
			t.Fatalf("%q read as %+v, written %q, read back as %+v, %v", s, tc, tc.GGF(), back, err)
		}
	})
}

func checkGGFRoundTrip(t *testing.T, g *Record) {
	t.Helper()
	text := g.GGF()
	back, err := ParseGGF(text)
	if err != nil || !reflect.DeepEqual(back, g) {
		t.Fatalf("%+v\nwritten %s\nread back as %+v, %v", g, text, back, err)
	}
}

func checkSGFRoundTrip(t *testing.T, g *Record) {
	t.Helper()
	text := g.SGF()
	back, err := ParseSGF(text)
	if err != nil || !reflect.DeepEqual(back, g) {
		t.Fatalf("%+v\nwritten %s\nread back as %+v, %v", g, text, back, err)
	}
}

func checkTranscriptRoundTrip(t *testing.T, g *Record) {
	t.Helper()
	text := g.Transcript()
	back, err := ParseTranscript(text)
	if err != nil || !reflect.DeepEqual(back, g) {
		t.Fatalf("%+v\nwritten %s\nread back as %+v, %v", g, text, back, err)
	}
}

// randomGame returns a legal game from the Othello start, passes written,
// with all that each format can hold set at random when full is set, and
// only what SGF holds otherwise.
func randomGame(r *rand.Rand, full bool) *Record {
	name := func() string {
		const chars = "abcXYZ 09[]\\:;()_-"
		b := make([]byte, r.IntN(12))
		for i := range b {
			b[i] = chars[r.IntN(len(chars))]
		}
		return string(b)
	}
	g := &Record{Players: [2]string{name(), name()}, Place: name(), Name: name(), Date: "2026-11-30"}
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	for n := r.IntN(70); n > 0 && !pos.GameOver(); n-- {
		m := Move{Square: bitboard.PassMove, Side: pos.Side}
		if moves := pos.Moves(); moves != 0 {
			var squares []int
			for sq := range 64 {
				if moves&bitboard.Bit(sq) != 0 {
					squares = append(squares, sq)
				}
			}
			m.Square = squares[r.IntN(len(squares))]
			pos = pos.Play(m.Square)
		} else {
			pos = pos.Pass()
		}
		if full && r.IntN(2) == 0 {
			m.Eval, m.Evaluated = float64(r.IntN(12801)-6400)/100, true
		}
		if full && r.IntN(2) == 0 {
			m.Time = time.Duration(r.IntN(100000)) * time.Millisecond
		}
		g.Moves = append(g.Moves, m)
	}
	if r.IntN(2) == 0 {
		b, w := pos.FinalCounts()
		g.Result = Result{Over: true, Diff: float64(b - w)}
	} else if r.IntN(2) == 0 {
		g.Result = Result{Over: true, Diff: ForfeitDiff, Forfeit: "tr"[r.IntN(2)]}
	}
	main := time.Duration(r.IntN(3600)) * time.Second
	g.Clocks = [2]TimeControl{{Main: main}, {Main: main}}
	g.Setup = &Setup{Board: bitboard.Start(), Side: bitboard.Black}
	if !full {
		return g
	}
	g.Type = "8"
	if g.Result.Over && g.Result.Forfeit == 0 {
		g.Result.Diff -= float64(r.IntN(2)) / 2 // GGS komi games end in halves
	}
	g.Clocks[1] = TimeControl{Main: time.Duration(r.IntN(100000)) * time.Millisecond,
		Increment: time.Duration(r.IntN(5000)) * time.Millisecond, Extension: time.Duration(r.IntN(100)) * time.Second}
	return g
}

func TestRecordsReadBackWhatTheyWrite(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 300 {
		checkGGFRoundTrip(t, randomGame(r, true))
		checkSGFRoundTrip(t, randomGame(r, false))
		if g := randomGame(r, false); len(g.Moves) > 0 { // a transcript of no moves is no record
			checkTranscriptRoundTrip(t, &Record{Moves: g.Moves})
		}
	}
}
