package match

import (
	"bufio"
	"fmt"
	"io"
	"math/bits"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

// fakeEngineArg as the first argument makes the test binary a fake engine:
// TestMain runs it instead of the tests, so that tests can start engines
// that misbehave on purpose without building anything.
const fakeEngineArg = "fake-engine"

func TestMain(m *testing.M) {
	if len(os.Args) > 1 && os.Args[1] == fakeEngineArg {
		os.Exit(runFakeEngine(os.Args[2:], os.Stdin, os.Stdout))
	}
	os.Exit(m.Run())
}

// fakeCommand is the command line of a fake engine with the given options:
//
//	proto=gtp|nboard  the protocol (default gtp)
//	style=first|greedy  the lowest legal square, or the one flipping most
//	illegal-at=N      answer the Nth move request with an occupied square
//	crash-at=N        exit on the Nth move request
//	stall-at=N        never answer the Nth move request
//	wrongpass-at=N    answer "pass" to the Nth move request
//	slow=DUR          wait DUR before every move
//	refuse-pass       refuse explicit passes, inserting them itself instead
//
// N counts move requests since the last clear_board (GTP) or since the
// process started (NBoard). The GTP fake also takes "fake-rules classic" to
// switch to classic Reversi.
func fakeCommand(t testing.TB, opts ...string) []string {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return append([]string{exe, fakeEngineArg}, opts...)
}

// fakeEngine is the state of a fake engine.
type fakeEngine struct {
	opts     map[string]string
	pos      bitboard.Position
	requests int
	out      *bufio.Writer
}

func runFakeEngine(args []string, in io.Reader, out io.Writer) int {
	f := &fakeEngine{opts: map[string]string{}, out: bufio.NewWriter(out)}
	for _, a := range args {
		k, v, _ := strings.Cut(a, "=")
		f.opts[k] = v
	}
	f.pos = bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		var quit bool
		if f.opts["proto"] == "nboard" {
			quit = f.nboard(sc.Text())
		} else {
			quit = f.gtp(sc.Text())
		}
		f.out.Flush()
		if quit {
			break
		}
	}
	return 0
}

// moveRequest applies the misbehaviours due at this request; it returns the
// answer word, or "" to choose a move normally.
func (f *fakeEngine) moveRequest() string {
	f.requests++
	at := func(key string) bool { n, err := strconv.Atoi(f.opts[key]); return err == nil && n == f.requests }
	if d, err := time.ParseDuration(f.opts["slow"]); err == nil {
		time.Sleep(d)
	}
	switch {
	case at("crash-at"):
		fmt.Fprintln(os.Stderr, "fake engine: crashing on purpose")
		os.Exit(3)
	case at("stall-at"):
		time.Sleep(time.Hour)
	case at("illegal-at"):
		b, w := f.pos.BlackWhite()
		return bitboard.SquareName(bits.TrailingZeros64(b | w))
	case at("wrongpass-at"):
		return "pass"
	}
	return ""
}

// choose picks the fake's move in its position.
func (f *fakeEngine) choose() int {
	moves := f.pos.Moves()
	if moves == 0 {
		return bitboard.PassMove
	}
	best, bestFlips := bits.TrailingZeros64(moves), -1
	if f.opts["style"] == "greedy" {
		for m := moves; m != 0; m &= m - 1 {
			sq := bits.TrailingZeros64(m)
			if n := bits.OnesCount64(f.pos.Flips(sq)); n > bestFlips {
				best, bestFlips = sq, n
			}
		}
	}
	return best
}

// apply plays a move or pass in the fake's position, checking it.
func (f *fakeEngine) apply(mv int) bool {
	switch {
	case mv == bitboard.PassMove && f.pos.MustPass():
		f.pos = f.pos.Pass()
	case mv != bitboard.PassMove && f.pos.Legal(mv):
		f.pos = f.pos.Play(mv)
	default:
		return false
	}
	return true
}

// gtp answers one GTP command; it reports whether to quit.
func (f *fakeEngine) gtp(line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	ok := func(s string) { fmt.Fprintf(f.out, "= %s\n\n", s) }
	fail := func(s string) { fmt.Fprintf(f.out, "? %s\n\n", s) }
	switch fields[0] {
	case "protocol_version":
		ok("2")
	case "clear_board":
		f.pos, f.requests = bitboard.NewGame(f.pos.Rules), 0
		ok("")
	case "fake-rules":
		f.pos = bitboard.NewGame(bitboard.DefaultRules(bitboard.Classic))
		ok("")
	case "time_settings", "time_left":
		ok("")
	case "play", "genmove":
		side := bitboard.Black
		if strings.HasPrefix(strings.ToLower(fields[1]), "w") {
			side = bitboard.White
		}
		if side != f.pos.Side && f.pos.MustPass() {
			f.pos = f.pos.Pass() // the pass a controller left out
		}
		if side != f.pos.Side {
			fail("wrong color")
			return false
		}
		if fields[0] == "genmove" {
			word := f.moveRequest()
			if word == "" {
				mv := f.choose()
				f.apply(mv)
				word = gtpVertex(mv)
			}
			ok(strings.ToUpper(word))
			return false
		}
		mv := bitboard.PassMove
		if !bitboard.IsPassToken(fields[2]) {
			mv, _ = bitboard.ParseSquare(fields[2])
		} else if _, refuse := f.opts["refuse-pass"]; refuse {
			fail("illegal move")
			return false
		}
		if !f.apply(mv) {
			fail("illegal move")
			return false
		}
		ok("")
	case "quit":
		ok("")
		return true
	default:
		fail("unknown command")
	}
	return false
}

// nboard answers one NBoard command; it reports whether to quit.
func (f *fakeEngine) nboard(line string) bool {
	cmd, arg, _ := strings.Cut(line, " ")
	switch cmd {
	case "ping":
		fmt.Fprintf(f.out, "pong %s\n", arg)
	case "set":
		if game, ok := strings.CutPrefix(arg, "game "); ok {
			f.setGame(game)
		}
	case "move":
		word, _, _ := strings.Cut(arg, "/")
		mv := bitboard.PassMove
		if !bitboard.IsPassToken(word) {
			mv, _ = bitboard.ParseSquare(word)
		}
		f.apply(mv)
	case "go":
		fmt.Fprintln(f.out, "status thinking")
		word := f.moveRequest()
		if word == "" {
			word = gtpVertex(f.choose())
		}
		fmt.Fprintf(f.out, "=== %s/0.00/0.0\n", strings.ToUpper(word))
	case "quit":
		return true
	}
	return false
}

// setGame rebuilds the fake's position from a GGF game.
func (f *fakeEngine) setGame(game string) {
	g, err := record.ParseGGF(game)
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake engine:", err)
		os.Exit(4)
	}
	f.pos = g.Start(bitboard.DefaultRules(bitboard.Othello))
	for _, m := range g.Moves {
		if !f.apply(m.Square) {
			fmt.Fprintln(os.Stderr, "fake engine: bad move in set game:", bitboard.SquareName(m.Square))
			os.Exit(4)
		}
	}
}
