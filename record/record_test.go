package record

import (
	"os"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

const startCells = "---------------------------O*------*O---------------------------"

func sq(t testing.TB, name string) int {
	t.Helper()
	s, err := bitboard.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	text, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(text)
}

func TestGGFFromNBoardGivesBoardMovesAndClock(t *testing.T) {
	g, err := ParseGGF(readFile(t, "testdata/nboard-example.ggf"))
	if err != nil {
		t.Fatal(err)
	}
	if g.Setup == nil || g.Setup.Board != bitboard.Start() || g.Setup.Side != bitboard.Black {
		t.Fatalf("BO should be the standard start, Black to move: %+v", g.Setup)
	}
	if len(g.Moves) != 8 || g.Moves[0].Square != sq(t, "f5") || g.Moves[7].Side != bitboard.White {
		t.Fatalf("moves: %+v", g.Moves)
	}
	if g.Clocks[bitboard.Black].Main != 15*time.Minute || g.Clocks[bitboard.White].Main != 15*time.Minute {
		t.Fatalf("TI[15:00] should give both 15 minutes: %+v", g.Clocks)
	}
	if g.Players != [2]string{"./mEdax", "chris"} || g.Place != "NBoard" || g.Type != "8" || g.Result.Over {
		t.Fatalf("players %q, place %q, type %q, result %+v", g.Players, g.Place, g.Type, g.Result)
	}
}

func TestGGFMoveItemsCarryEvalTimeAndPasses(t *testing.T) {
	g, err := ParseGGF("1 (;gm[othello]bo[8 " + startCells + " *]B[d3//1.5]W[c5/-0.5/1:02]B[pa];)")
	if err != nil {
		t.Fatal(err)
	}
	m := g.Moves
	if m[0].Time != 1500*time.Millisecond || m[0].Evaluated || !m[1].Evaluated || m[1].Eval != -0.5 ||
		m[1].Time != 62*time.Second || m[2].Square != bitboard.PassMove {
		t.Fatalf("move items: %+v", m)
	}
}

func TestGGFClocksPerColourAndExtension(t *testing.T) {
	g, err := ParseGGF("(;GM[Othello]BO[8 " + startCells + " *]TB[1:00:00/5/2:00]TW[30,N];)")
	if err != nil {
		t.Fatal(err)
	}
	want := [2]TimeControl{{Main: time.Hour, Increment: 5 * time.Second, Extension: 2 * time.Minute}, {Main: 30 * time.Second}}
	if g.Clocks != want {
		t.Fatalf("clocks %+v, want %+v", g.Clocks, want)
	}
}

func TestGGFResults(t *testing.T) {
	for _, c := range []struct {
		re   string
		want Result
	}{
		{"?", Result{}},
		{"+2.000", Result{Over: true, Diff: 2}},
		{"-64.000:t", Result{Over: true, Diff: -64, Forfeit: 't'}},
		{"+0.500:r", Result{Over: true, Diff: 0.5, Forfeit: 'r'}},
	} {
		g, err := ParseGGF("(;GM[Othello]RE[" + c.re + "]BO[8 " + startCells + " *];)")
		if err != nil || g.Result != c.want {
			t.Errorf("RE[%s]: %+v, %v; want %+v", c.re, g.Result, err, c.want)
		}
	}
}

func TestMalformedGGFIsRejectedWithTheBadProperty(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"(;GM[Chess]BO[8 " + startCells + " *];)", "GM[Chess]"},
		{"(;GM[Othello]BO[10 " + startCells + " *];)", "BO[10"},
		{"(;GM[Othello]BO[8 " + startCells + " Z];)", "side to move"},
		{"(;GM[Othello]BO[8 " + strings.Replace(startCells, "-", "?", 1) + " *];)", `bad cell '?' at a1`},
		{"(;GM[Othello]BO[8 " + startCells + " *]B[k9];)", `B[k9]`},
		{"(;GM[Othello]BO[8 " + startCells + " *]TI[1:xx];)", `TI[1:xx]`},
		{"(;GM[Othello]BO[8 " + startCells + " *]TI[10000000:00:00];)", `TI[10000000:00:00]`},
		{"(;GM[Othello]BO[8 " + startCells + " *]W[d3/NaN];)", `bad evaluation "NaN"`},
		{"(;GM[Othello]BO[8 " + startCells + " *]RE[+2.000:q];)", `unknown result suffix "q"`},
		{"(;GM[Othello]BO[8 " + startCells + " *]RE[win];)", `result is not a number`},
		{"(;GM[Othello]BO[8 " + startCells + " *]RE[+99];)", `RE[+99]`},
		{"(;GM[Othello]PB[x];)", "no BO[] board"},
		{"(;GM[Othello]BO[8 " + startCells + " *]B[d3", "missing ']'"},
		{"(;GM[Othello]BO[8 " + startCells + " *]B;)", "property B has no value"},
		{"no tree", "missing '('"},
	} {
		_, err := ParseGGF(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseGGF(%.40q...): error %v, want it to mention %q", c.text, err, c.want)
		}
	}
}

func TestGGFWritesWhatSableMatchWrote(t *testing.T) {
	g := &Record{
		Place: "sable match", Date: "2026.01.02_03:04:05.UTC", Name: "17", Type: "8",
		Players: [2]string{"sable", "rhino"},
		Clocks:  [2]TimeControl{{Main: 300 * time.Second, Increment: 2 * time.Second}, {Moves: 1, Main: time.Second}},
		Setup:   &Setup{Board: bitboard.Start(), Side: bitboard.Black},
		Moves: []Move{{Square: 37}, {Square: 43, Side: bitboard.White, Eval: -1, Evaluated: true, Time: 1250 * time.Millisecond},
			{Square: bitboard.PassMove}},
		Result: Result{Over: true, Diff: -64, Forfeit: 't'},
	}
	want := "(;GM[Othello]PC[sable match]DT[2026.01.02_03:04:05.UTC]GN[17]PB[sable]PW[rhino]RE[-64.000:t]TB[300/2]TY[8]" +
		"BO[8 ---------------------------O*------*O--------------------------- *]B[f5]W[d6/-1.00/1.25]B[PA];)"
	if got := g.GGF(); got != want {
		t.Fatalf("GGF:\n%s\nwant\n%s", got, want)
	}
}

func TestGGFTimesAreWrittenToTheMillisecond(t *testing.T) {
	// 1.824 s came out as 1.8239999999999998 when written through
	// Duration.Seconds.
	g := &Record{Moves: []Move{{Square: 37, Time: 1824 * time.Millisecond}, {Square: 43, Side: bitboard.White, Time: 1234567 * time.Microsecond}}}
	text := g.GGF()
	if !strings.Contains(text, "B[f5//1.824]W[d6//1.235]") {
		t.Fatalf("GGF %s: want times to the millisecond, f5//1.824 and d6//1.235", text)
	}
}

func TestNamesWithBracketsAndBackslashesReadBack(t *testing.T) {
	names := [2]string{`edax [level 10]`, `C:\engines\]x[`}
	g := &Record{Players: names, Setup: &Setup{Board: bitboard.Start()}}
	for _, f := range []struct {
		name  string
		text  string
		parse func(string) (*Record, error)
	}{{"GGF", g.GGF(), ParseGGF}, {"SGF", g.SGF(), ParseSGF}} {
		back, err := f.parse(f.text)
		if err != nil || back.Players != names {
			t.Errorf("%s %s: read back %q, %v; want %q", f.name, f.text, back.Players, err, names)
		}
	}
}

func TestSGFMainLineWithBothPointStyles(t *testing.T) {
	g, err := Parse("(;GM[2]SZ[8];B[f5];W[fd](;B[e3];W[f2])(;B[c3]))")
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Transcript(); got != "f5f4e3f2" {
		t.Fatalf("main line %s, want f5f4e3f2", got)
	}
	if g.Setup != nil {
		t.Fatal("no setup property: the game starts from the rules' start")
	}
}

func TestSGFSetupDescribesTheWholeBoard(t *testing.T) {
	g, err := ParseSGF("(;GM[2]AB[aa:ba]AW[ca]PL[W];W[pass])")
	if err != nil {
		t.Fatal(err)
	}
	s := g.Setup
	want := bitboard.Board{P: bitboard.Bit(2), O: bitboard.Bit(0) | bitboard.Bit(1)}
	if s == nil || s.Side != bitboard.White || s.Board != want {
		t.Fatalf("setup %+v, want a1 b1 black, c1 white, White to move", s)
	}
	if g.Moves[0].Square != bitboard.PassMove {
		t.Fatal("W[pass] is a pass")
	}
}

func TestOthelloSGFCountsRowsFromTheTopAndGoSGFFromTheBottom(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"(;GM[2]SZ[8];B[dc])", "d3"},                            // Othello SGF: a1 top-left
		{"(;FF[4]SZ[8];B[df])", "d3"},                            // no GM: Go orientation
		{"(;FF[4]GM[2]AP[gogui-twogtp:1.6.0]SZ[8];B[df])", "d3"}, // GoGui writes Go orientation whatever GM says
		{"(;SZ[8];B[d3])", "d3"},                                 // a square name is a name in either
	} {
		g, err := Parse(c.text)
		if err != nil || len(g.Moves) != 1 || g.Moves[0].Square != sq(t, c.want) {
			t.Errorf("%s: %+v, %v; want %s", c.text, g, err, c.want)
		}
	}
}

func TestGoGuiTwogtpGameReplaysToItsResult(t *testing.T) {
	// A real game of Sable against itself, written by gogui-twogtp 1.6.0:
	// twogtp -black "sable --depth 4" -white "sable --depth 4" -size 8
	// -komi 0 -games 4 -alternate -sgffile game -auto (its game-0.sgf).
	g, err := Parse(readFile(t, "testdata/gogui-twogtp.sgf"))
	if err != nil {
		t.Fatal(err)
	}
	if g.Players[0] != "Sable:0.1.0-dev" || g.Result != (Result{Over: true, Diff: 26}) || g.Date != "2026-11-30" {
		t.Fatalf("players %q, result %+v, date %q", g.Players, g.Result, g.Date)
	}
	if g.Moves[0].Square != sq(t, "c4") {
		t.Fatalf("B[ce] is GTP c4 in Go orientation, read as %s", bitboard.SquareName(g.Moves[0].Square))
	}
	// twogtp ends the game with two passes after the last move; the
	// moves before them replay legally to Black's 26-disc win.
	moves := g.Squares()
	for len(moves) > 0 && moves[len(moves)-1] == bitboard.PassMove {
		moves = moves[:len(moves)-1]
	}
	pos, err := bitboard.Replay(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), moves)
	if err != nil {
		t.Fatal(err)
	}
	if b, w := pos.FinalCounts(); !pos.GameOver() || b-w != 26 {
		t.Fatalf("game over %v, %d-%d; want over, Black by 26", pos.GameOver(), b, w)
	}
}

func TestSGFResults(t *testing.T) {
	for _, c := range []struct {
		re   string
		want Result
	}{
		{"B+26", Result{Over: true, Diff: 26}},
		{"W+5.5", Result{Over: true, Diff: -5.5}},
		{"0", Result{Over: true}},
		{"Draw", Result{Over: true}},
		{"W+T", Result{Over: true, Diff: -ForfeitDiff, Forfeit: 't'}},
		{"B+R", Result{Over: true, Diff: ForfeitDiff, Forfeit: 'r'}},
		{"?", Result{}},
		{"Void", Result{}},
	} {
		g, err := ParseSGF("(;GM[2]RE[" + c.re + "])")
		if err != nil || g.Result != c.want {
			t.Errorf("RE[%s]: %+v, %v; want %+v", c.re, g.Result, err, c.want)
		}
	}
}

func TestSGFThatIsNotOthelloIsRejected(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"(;GM[1]SZ[19];B[dd])", "GM[1]"},
		{"(;GM[2]SZ[10];B[f5])", "SZ[10]"},
		{"(;GM[2];B[f5];AB[a1])", "setup after the first move"},
		{"(;GM[2];B[z5])", "B[z5]"},
		{"(;GM[2](;B[f5]);W[d6])", "node after a variation"},
		{"(;GM[2]" + strings.Repeat("(;B[f5]", 300) + strings.Repeat(")", 301), "nested deeper"},
	} {
		_, err := Parse(c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%.40q...): error %v, want it to mention %q", c.text, err, c.want)
		}
	}
}

func TestRecordFormatIsChosenByItsContent(t *testing.T) {
	ggf, err := Parse("(;GM[Othello]BO[8 " + startCells + " O];)")
	if err != nil || ggf.Setup.Side != bitboard.White {
		t.Fatalf("GGF: %v", err)
	}
	if _, err := Parse("(;BO[8 " + startCells + " *];)"); err != nil {
		t.Fatalf("a record with BO and no GM is GGF: %v", err)
	}
	tr, err := Parse("f5 d6\n")
	if err != nil || tr.Transcript() != "f5d6" {
		t.Fatalf("a text without a tree is a transcript: %+v, %v", tr, err)
	}
	if _, err := Parse("hello"); err == nil || !strings.Contains(err.Error(), "not a transcript") {
		t.Fatalf("Parse(hello): %v, want an error that it is neither", err)
	}
}

func TestTranscriptInsertsThePassesItLeavesOut(t *testing.T) {
	line := forcedPassLine(t)
	var squares []int
	for _, m := range line {
		if m != bitboard.PassMove {
			squares = append(squares, m)
		}
	}
	g, err := ParseTranscript(bitboard.Transcript(squares))
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(g.Squares(), line) {
		t.Fatalf("moves %s, want %s", g.Transcript(), bitboard.Transcript(line))
	}
	for i, m := range g.Moves {
		if i > 0 && m.Side == g.Moves[i-1].Side {
			t.Fatalf("move %d: %s twice in a row", i+1, m.Side)
		}
	}
	if _, err := ParseTranscript("f5f5"); err == nil || !strings.Contains(err.Error(), "move 2") {
		t.Fatalf("ParseTranscript(f5f5): %v, want an error naming move 2", err)
	}
}

// forcedPassLine returns a legal game from the start, passes written, that
// has a forced pass, found by always playing the lowest legal square.
func forcedPassLine(t *testing.T) []int {
	t.Helper()
	pos := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	var line []int
	pass := false
	for !pos.GameOver() {
		if pos.MustPass() {
			line = append(line, bitboard.PassMove)
			pos = pos.Pass()
			pass = true
			continue
		}
		m := pos.Moves()
		s := 0
		for m&1 == 0 {
			m >>= 1
			s++
		}
		line = append(line, s)
		pos = pos.Play(s)
	}
	if !pass {
		t.Fatal("the lowest-square game has no pass: pick another line")
	}
	return line
}

func TestTimeControlForms(t *testing.T) {
	tests := []struct {
		in   string
		want TimeControl
		str  string
		err  string
	}{
		{in: "inf", want: TimeControl{}, str: "inf"},
		{in: "40/60", want: TimeControl{Moves: 40, Main: time.Minute}, str: "40/60"},
		{in: "1/500ms", want: TimeControl{Moves: 1, Main: 500 * time.Millisecond}, str: "1/0.5"},
		{in: "300+2.5", want: TimeControl{Main: 300 * time.Second, Increment: 2500 * time.Millisecond}, str: "300+2.5"},
		{in: "2m", want: TimeControl{Main: 2 * time.Minute}, str: "120+0"},
		{in: "0", err: "time must be positive"},
		{in: "x/5", err: `moves "x"`},
		{in: "40/60+1", err: "with an increment"},
		{in: "-3", err: "bad time"},
	}
	for _, tt := range tests {
		got, err := ParseTimeControl(tt.in)
		if tt.err != "" {
			if err == nil || !strings.Contains(err.Error(), tt.err) {
				t.Errorf("ParseTimeControl(%q) error %v, want one with %q", tt.in, err, tt.err)
			}
			continue
		}
		if err != nil || got != tt.want || got.String() != tt.str {
			t.Errorf("ParseTimeControl(%q) = %+v (%s), %v; want %+v (%s)", tt.in, got, got, err, tt.want, tt.str)
		}
	}
}

func TestFormatSeconds(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{{0, "0"}, {2 * time.Second, "2"}, {250 * time.Millisecond, "0.25"}, {1824 * time.Millisecond, "1.824"},
		{1824400 * time.Microsecond, "1.824"}, {-1500 * time.Millisecond, "-1.5"}, {90 * time.Minute, "5400"}} {
		if got := FormatSeconds(c.d); got != c.want {
			t.Errorf("FormatSeconds(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}

func TestParseAllReadsEveryGameOfAFile(t *testing.T) {
	bo := "BO[8 " + startCells + " *]"
	results := "(;GM[Othello]GN[0]PB[a]PW[b]RE[+2.000]" + bo + "B[f5];)\n(;GM[Othello]GN[1]PB[b]PW[a]RE[-4.000]" + bo + "B[d3];)\n"
	games, err := ParseAll(results)
	if err != nil || len(games) != 2 || games[1].Name != "1" || games[1].Moves[0].Square != sq(t, "d3") {
		t.Fatalf("results file: %+v, %v", games, err)
	}
	games, err = ParseAll("(;GM[2];B[f5])\n(;GM[2];B[dc];W[c3])")
	if err != nil || len(games) != 2 || games[1].Transcript() != "d3c3" {
		t.Fatalf("SGF collection: %+v, %v", games, err)
	}
	if _, err := ParseAll(results + "(;GM[Othello]" + bo + "B[z9];)"); err == nil || !strings.Contains(err.Error(), "game 3: GGF B[z9]") {
		t.Fatalf("a bad third game: %v, want an error naming game 3", err)
	}
	if _, err := ParseAll("f5d6"); err == nil {
		t.Fatal("a transcript is not a file of records")
	}
}

func TestParseMoveItemTakesSlashesOrSpaces(t *testing.T) {
	tests := []struct {
		in   string
		want Move
		bad  bool
	}{
		{"F5/-1.00/0.3", Move{Square: 37, Eval: -1, Evaluated: true, Time: 300 * time.Millisecond}, false},
		{" d6 -1.00 0.0 ", Move{Square: 43, Eval: -1, Evaluated: true}, false},
		{"d3//0.01", Move{Square: 19, Time: 10 * time.Millisecond}, false},
		{"pass", Move{Square: bitboard.PassMove}, false},
		{"", Move{}, true},
		{"   ", Move{}, true},
		{"f5 x", Move{}, true},
		{"f5 1 2 3", Move{}, true},
		{"f5 1/2", Move{}, true}, // slashes and spaces are not mixed
	}
	for _, tt := range tests {
		got, err := ParseMoveItem(tt.in)
		if (err != nil) != tt.bad || (!tt.bad && got != tt.want) {
			t.Errorf("ParseMoveItem(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
	}
}
