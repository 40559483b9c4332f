package protocol

import (
	"context"
	"fmt"
	"io"
	"math/bits"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/lines"
	"github.com/sable-othello/sable/search"
)

// startCells is the start position as GGF's BO writes it.
const startCells = "---------------------------O*------*O---------------------------"

// fuzzSeeds are command lines of both protocols, valid and not, that the
// fuzz targets start from.
var fuzzSeeds = []string{
	"protocol_version\nname\nlist_commands\n",
	"1 boardsize 8\n2 clear_board\n3 komi 6.5\n4 play B F5\n5 genmove w\n6 final_score\n",
	"play black d3\nplay white c3\nplay black b3\nplay white b2\nplay black f5\nplay white a3\nplay black a1\nplay white c1\ngenmove white\nundo\nundo\n",
	"play B PASS\nplay x y\n\tgenmove\t b # c\n17\n\x01\x02play\r\n",
	"time_settings 0 1 0\ntime_left black 10 0\ngenmove b\nreg_genmove w\nsable-analyze\nsable-solve wld\n",
	"loadsgf testdata/forced-pass.sgf 9\ngogui-rules_legal_moves\ngogui-rules_board\nshowboard\n",
	"sable-rules classic\nplay b d4\nsable-scoring discs\nfinal_score\nsable-rules othello\n",
	"nboard 2\nset depth 3\nset game (;GM[Othello]BO[8 " + startCells + " *]B[F5];)\nping 1\ngo\nhint 2\n",
	"nboard 1\nF5\nmove PA\nmove d6/1/2\nanalyze\nlearn\nset contempt 3\nping 2\n",
	"nboard 2\nset game (;GM[Othello]BO[8 -\nset game (((((\nhint -1\nping\n",
}

// fuzzInput makes a session input of fuzzed text: lines that would make
// the engine allocate a huge table (hash) are dropped, and a final quit
// ends the session.
func fuzzInput(data string) string {
	var keep []string
	for _, line := range strings.Split(data, "\n") {
		if !strings.Contains(strings.ToLower(line), "hash") {
			keep = append(keep, line)
		}
	}
	return strings.Join(keep, "\n") + "\nquit\n"
}

// fuzzEngine is the real engine with every search cut short after
// fuzzSearchTime, so that a fuzzed session's solves end while quit, as it
// must, waits for them.
type fuzzEngine struct{ Engine }

const fuzzSearchTime = 10 * time.Millisecond

func newFuzzEngine(o search.Options) (Engine, error) {
	e, err := search.New(o)
	return fuzzEngine{e}, err
}

func (e fuzzEngine) Search(ctx context.Context, pos bitboard.Position, lim search.Limits, info func(search.Info)) search.Result {
	ctx, cancel := context.WithTimeout(ctx, fuzzSearchTime)
	defer cancel()
	return e.Engine.Search(ctx, pos, lim, info)
}

func (e fuzzEngine) Solve(ctx context.Context, pos bitboard.Position, wld bool) search.Result {
	ctx, cancel := context.WithTimeout(ctx, fuzzSearchTime)
	defer cancel()
	return e.Engine.Solve(ctx, pos, wld)
}

func (e fuzzEngine) Analyze(ctx context.Context, pos bitboard.Position, lim search.Limits, count int, info func(search.Analysis)) search.Analysis {
	ctx, cancel := context.WithTimeout(ctx, fuzzSearchTime)
	defer cancel()
	return e.Engine.Analyze(ctx, pos, lim, count, info)
}

// runFuzzSession serves input with fuzzEngine; a panic fails the test
// binary, a session that does not end in sessionTimeout fails the test.
func runFuzzSession(t *testing.T, input string, cfg Config) string {
	t.Helper()
	cfg.NewEngine = newFuzzEngine
	var out strings.Builder
	done := make(chan error, 1)
	go func() { done <- Serve(strings.NewReader(input), &out, cfg) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("Serve: %v", err)
		}
	case <-time.After(sessionTimeout):
		t.Fatalf("session hangs on %.2000q", input)
	}
	return out.String()
}

// gtpCommandLines counts the lines of input that GTP must answer: those
// with a command, up to and including the first quit.
func gtpCommandLines(t *testing.T, input string) int {
	lr := lines.NewReader(strings.NewReader(input), MaxLineBytes)
	n := 0
	for {
		l, err := readLine(lr)
		if err != nil {
			t.Fatal("input ended before its quit")
		}
		if l.tooLong {
			n++
			continue
		}
		text := cleanGTPLine(l.text)
		if text == "" {
			continue
		}
		n++
		if _, name, _ := splitGTP(text); name == "quit" {
			return n
		}
	}
}

func FuzzGTP(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		input := fuzzInput(data)
		out := runFuzzSession(t, input, Config{Protocol: GTP, Settings: goldenSettings(GTP)})
		if want, got := gtpCommandLines(t, input), strings.Count(out, "\n\n"); got != want {
			t.Fatalf("%d replies to %d command lines\ninput %q\noutput %q", got, want, input, out)
		}
	})
}

func FuzzNBoard(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		input := fuzzInput(data)
		out := runFuzzSession(t, input, Config{Protocol: NBoard, Settings: goldenSettings(NBoard)})
		// Every well-formed ping before the quit gets its pong, in order.
		var pings, pongs []string
		lr := lines.NewReader(strings.NewReader(input), MaxLineBytes)
		for {
			l, err := readLine(lr)
			if err != nil {
				break
			}
			cmd, rest, _ := strings.Cut(cleanLine(l.text), " ")
			if l.tooLong {
				continue
			}
			if cmd == "quit" {
				break
			}
			if _, err := strconv.Atoi(strings.TrimSpace(rest)); cmd == "ping" && err == nil {
				pings = append(pings, strings.TrimSpace(rest))
			}
		}
		for _, line := range strings.Split(out, "\n") {
			if p, ok := strings.CutPrefix(line, "pong "); ok {
				pongs = append(pongs, p)
			}
		}
		if strings.Join(pings, ",") != strings.Join(pongs, ",") {
			t.Fatalf("pings %v answered by pongs %v", pings, pongs)
		}
	})
}

// TestRandomGTPCommandsKeepTheGameConsistent plays long random sessions of
// plausible and broken commands: every command line gets one reply, every
// move the engine gives is legal, and the game always replays from its
// start to its position.
func TestRandomGTPCommandsKeepTheGameConsistent(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	pick := func(s ...string) string { return s[rng.IntN(len(s))] }
	square := func() string { return fmt.Sprintf("%c%d", 'a'+rng.IntN(9), 1+rng.IntN(8)) }
	colour := func() string { return pick("b", "w", "black", "WHITE", "B", "x") }
	var b strings.Builder
	tr := &transcript{}
	s, err := newSession(Config{Settings: goldenSettings(GTP), Name: "Sable", Log: io.Discard}, &b, tr)
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	g := newGTPSession(s)
	for i := 0; i < 3000; i++ {
		var line string
		switch rng.IntN(12) {
		case 0, 1, 2, 3:
			line = "play " + colour() + " " + pick(square(), square(), "pass", "PASS")
		case 4:
			line = "genmove " + colour()
		case 5:
			line = "reg_genmove " + colour()
		case 6:
			line = pick("undo", "undo", "clear_board", "showboard", "final_score")
		case 7:
			line = pick("gogui-rules_legal_moves", "gogui-rules_board", "gogui-rules_final_result")
		case 8:
			line = pick("sable-scoring discs", "sable-scoring wof", "sable-rules classic", "sable-rules othello")
		case 9:
			line = pick("time_settings 10 0 0", "time_left b 3 0", "time_settings 0 1 0", "komi 0.5")
		case 10:
			line = pick("", "# nothing", "42", "foo", "play", "genmove")
		default:
			pos := g.game.Position()
			if legal := pos.Moves(); legal != 0 {
				line = fmt.Sprintf("play %s %s", pos.Side, bitboard.SquareName(bits.TrailingZeros64(legal)))
			}
		}
		if rng.IntN(3) == 0 {
			line = strconv.Itoa(i) + " " + line
		}
		before := g.game.Position()
		b.Reset()
		g.execute(inputLine{text: line})
		reply := b.String()
		if cleanGTPLine(line) != "" && strings.Count(reply, "\n\n") != 1 {
			t.Fatalf("%q got %q", line, reply)
		}
		_, name, _ := splitGTP(cleanGTPLine(line))
		if name == "genmove" || name == "reg_genmove" {
			checkGenmoveReply(t, before, line, reply)
		}
		start := g.game.Start()
		moves := make([]int, len(g.game.Plies()))
		for i, p := range g.game.Plies() {
			moves[i] = p.Move
		}
		if pos, err := bitboard.Replay(start, moves); err != nil || pos != g.game.Position() {
			t.Fatalf("after %q the game does not replay: %v", line, err)
		}
	}
}

// checkGenmoveReply checks that a successful genmove reply is a move the
// colour asked could play from the position before.
func checkGenmoveReply(t *testing.T, before bitboard.Position, line, reply string) {
	t.Helper()
	if !strings.HasPrefix(reply, "=") {
		return
	}
	_, after, _ := strings.Cut(strings.TrimSpace(reply), " ")
	move, err := parseVertex(after)
	if err != nil {
		t.Fatalf("%q answered %q", line, reply)
	}
	f := strings.Fields(line)
	side, _ := parseColor(f[len(f)-1])
	pos := before
	if side != pos.Side && pos.MustPass() {
		pos = pos.Pass()
	}
	if pos.GameOver() && move == bitboard.PassMove {
		return
	}
	if side != pos.Side || !playable(pos, move) {
		t.Fatalf("%q answered %q: not a move for %s in %s", line, reply, side, bitboard.BoardString(before.Board, before.Side))
	}
}
