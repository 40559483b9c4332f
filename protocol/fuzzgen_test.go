package protocol

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The session fuzzer generates random and semi-valid command lines (well
// formed commands, commands with bad arguments, garbage, control and
// Unicode characters, ids, comments, over-long lines) and serves them in
// sessions of the real engine with every search cut short. It checks what
// a controller relies on: no panic, no hang, exactly one GTP reply per
// command line with its id echoed, in order, and a pong N for every ping N.
//
// A plain test run serves a few thousand lines. For volume, set the lines
// and a seed, and run several processes, for example:
//
//	go test -c -o /tmp/protocol.test ./protocol
//	cd protocol && for seed in 1 2 3 4; do
//	  SABLE_FUZZ_GTP=250000 SABLE_FUZZ_NBOARD=50000 SABLE_FUZZ_SEED=$seed \
//	    nice -n 19 /tmp/protocol.test -test.run Session -test.v -test.timeout 0 &
//	done; wait

// fuzzVolume reads a line count from the environment, or def.
func fuzzVolume(t *testing.T, name string, def int) int {
	v := os.Getenv(name)
	if v == "" {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 {
		t.Fatalf("%s=%q: want a line count", name, v)
	}
	return n
}

// fuzzSeed is SABLE_FUZZ_SEED, or 1.
func fuzzSeed(t *testing.T) uint64 {
	return uint64(fuzzVolume(t, "SABLE_FUZZ_SEED", 1))
}

// linesPerSession bounds a fuzzed session: long enough to reach game ends
// and odd states, short enough that a hang is found quickly.
const linesPerSession = 400

// sessionTimeout is far above what a session of linesPerSession lines with
// searches cut at fuzzSearchTime takes, even on a loaded machine.
const sessionTimeout = 2 * time.Minute

func TestSessionFuzzGTP(t *testing.T) {
	total := fuzzVolume(t, "SABLE_FUZZ_GTP", 2000)
	rng := rand.New(rand.NewPCG(fuzzSeed(t), 11))
	g := &lineGen{rng: rng}
	start, commands := time.Now(), 0
	for done := 0; done < total; {
		n := min(linesPerSession, total-done)
		lines := make([]string, n)
		for i := range lines {
			lines[i] = g.gtpLine()
		}
		input := strings.Join(lines, "\n") + "\n"
		out := runFuzzSession(t, input, Config{Protocol: GTP, Settings: goldenSettings(GTP)})
		want := expectedGTPIDs(lines)
		got, err := replyIDs(out)
		if err != nil {
			t.Fatalf("%v\ninput %.2000q\noutput %.2000q", err, input, out)
		}
		if len(got) != len(want) {
			t.Fatalf("%d replies to %d command lines\ninput %.2000q\noutput %.2000q", len(got), len(want), input, out)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Fatalf("reply %d has id %q, want %q\ninput %.2000q\noutput %.2000q", i+1, got[i], want[i], input, out)
			}
		}
		done += n
		commands += len(want)
	}
	t.Logf("%d GTP lines (%d commands) in %v, seed %d: every command answered once, ids echoed", total, commands, time.Since(start).Round(time.Millisecond), fuzzSeed(t))
}

func TestSessionFuzzNBoard(t *testing.T) {
	total := fuzzVolume(t, "SABLE_FUZZ_NBOARD", 1000)
	rng := rand.New(rand.NewPCG(fuzzSeed(t), 13))
	g := &lineGen{rng: rng}
	start, pings := time.Now(), 0
	for done := 0; done < total; {
		n := min(linesPerSession, total-done)
		lines := []string{"nboard 2"}
		for range n - 1 {
			lines = append(lines, g.nboardLine())
		}
		input := strings.Join(lines, "\n") + "\n"
		out := runFuzzSession(t, input, Config{Protocol: NBoard, Settings: goldenSettings(NBoard)})
		want := expectedPongs(lines)
		var got []string
		for _, line := range strings.Split(out, "\n") {
			if p, ok := strings.CutPrefix(line, "pong "); ok {
				got = append(got, p)
			}
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Fatalf("pings %q answered by pongs %q\ninput %.2000q", want, got, input)
		}
		done += n
		pings += len(want)
	}
	t.Logf("%d NBoard lines (%d pings) in %v, seed %d: every ping answered by its pong", total, pings, time.Since(start).Round(time.Millisecond), fuzzSeed(t))
}

// expectedGTPIDs is an independent reading of GTP's rules: the id of each
// line that needs a reply, up to the first quit. A line needs a reply when
// what is left before a "#", without control characters and ASCII spaces
// and tabs, is not empty, or when the line is too long with no "#" in the
// part read.
func expectedGTPIDs(lines []string) []string {
	var ids []string
	for _, raw := range lines {
		raw = strings.TrimSuffix(raw, "\r")
		long := len(raw) > MaxLineBytes
		if long {
			raw = raw[:MaxLineBytes]
		}
		cut := strings.IndexByte(raw, '#')
		if cut >= 0 {
			raw = raw[:cut]
		} else if long {
			raw = raw[:64]
		}
		var sb strings.Builder
		for _, r := range raw {
			switch {
			case r == '\t':
				sb.WriteByte(' ')
			case r < 32 || r == 127:
			default:
				sb.WriteRune(r)
			}
		}
		f := strings.FieldsFunc(sb.String(), func(r rune) bool { return r == ' ' })
		if len(f) == 0 && !(long && cut < 0) {
			continue
		}
		id := ""
		if len(f) > 0 && strings.Trim(f[0], "0123456789") == "" {
			id, f = f[0], f[1:]
		}
		ids = append(ids, id)
		if !long && len(f) > 0 && f[0] == "quit" {
			break
		}
	}
	return ids
}

// replyIDs splits GTP output into replies and returns their ids, checking
// that each is a well-formed "=id" or "?id" reply.
func replyIDs(out string) ([]string, error) {
	if out == "" {
		return nil, nil
	}
	if !strings.HasSuffix(out, "\n\n") {
		return nil, fmt.Errorf("output does not end with an empty line")
	}
	var ids []string
	for _, reply := range strings.Split(strings.TrimSuffix(out, "\n\n"), "\n\n") {
		if reply == "" || (reply[0] != '=' && reply[0] != '?') {
			return nil, fmt.Errorf("reply %q does not start with = or ?", reply)
		}
		head, _, _ := strings.Cut(reply[1:], "\n")
		id, _, _ := strings.Cut(head, " ")
		ids = append(ids, id)
	}
	return ids, nil
}

// expectedPongs is an independent reading of NBoard's ping: the numbers of
// the ping lines, up to the first quit.
func expectedPongs(lines []string) []string {
	var pongs []string
	for _, raw := range lines {
		var sb strings.Builder
		for _, r := range strings.TrimSuffix(raw, "\r") {
			switch {
			case r == '\t':
				sb.WriteByte(' ')
			case r < 32 || r == 127:
			default:
				sb.WriteRune(r)
			}
		}
		line := strings.Trim(sb.String(), " ")
		cmd, rest, _ := strings.Cut(line, " ")
		rest = strings.Trim(rest, " ")
		if len(raw) > MaxLineBytes {
			continue
		}
		if cmd == "quit" {
			break
		}
		if _, err := strconv.Atoi(rest); cmd == "ping" && err == nil {
			pongs = append(pongs, rest)
		}
	}
	return pongs
}

// lineGen makes fuzzed lines.
type lineGen struct {
	rng *rand.Rand
}

func (g *lineGen) pick(s ...string) string { return s[g.rng.IntN(len(s))] }

func (g *lineGen) square() string {
	s := fmt.Sprintf("%c%d", 'a'+g.rng.IntN(8), 1+g.rng.IntN(8))
	if g.rng.IntN(2) == 0 {
		s = strings.ToUpper(s)
	}
	return s
}

func (g *lineGen) colour() string { return g.pick("b", "w", "B", "W", "black", "white", "WHITE", "x") }

func (g *lineGen) number() string {
	return g.pick("0", "1", "2", "3", "7", "-1", "60", "61", "1.5", "1e9", "99999999999999999999", "x", "")
}

// junk is random text: ASCII, control characters, Unicode spaces and
// letters, "#" and quotes.
func (g *lineGen) junk(maxLen int) string {
	alphabet := []rune("abcXYZ019 \t#=?\"'()[];/\\-+.\x00\x01\x1b\x7f\r\u00a0\u3000\u2003éλ日")
	n := g.rng.IntN(maxLen + 1)
	rs := make([]rune, n)
	for i := range rs {
		rs[i] = alphabet[g.rng.IntN(len(alphabet))]
	}
	return string(rs)
}

// gtpLine is one line: mostly plausible commands with good or bad
// arguments, sometimes garbage, rarely a quit or an over-long line.
func (g *lineGen) gtpLine() string {
	var line string
	switch r := g.rng.IntN(100); {
	case r < 30:
		line = "play " + g.colour() + " " + g.pick(g.square(), g.square(), g.square(), "pass", "PASS", "i9", "a0")
	case r < 40:
		line = g.pick("genmove ", "reg_genmove ") + g.colour()
	case r < 45:
		line = g.pick("undo", "clear_board", "showboard", "final_score", "boardsize 8", "boardsize 19", "komi 6.5", "komi x")
	case r < 50:
		line = g.pick("gogui-rules_legal_moves", "gogui-rules_board", "gogui-rules_final_result", "gogui-rules_side_to_move", "gogui-rules_game_id", "gogui-rules_board_size")
	case r < 55:
		line = g.pick("protocol_version", "name", "version", "list_commands", "known_command genmove", "known_command x", "list_games", "set_game Othello", "set_game Go", "cputime")
	case r < 60:
		line = g.pick("time_settings ", "time_left "+g.colour()+" ") + g.number() + " " + g.number() + " " + g.number()
	case r < 64:
		// Book values never name a file: sable-learn would write it.
		line = "sable-" + g.pick("rules", "scoring", "depth", "level", "time", "threads", "book-randomness") + " " + g.pick(
			"othello", "classic", "wof", "discs", "1", "2", "3", "0", "-1", "x", "")
	case r < 65:
		line = "sable-book " + g.pick("off", "default", "/nonexistent/x.sbk", "")
	case r < 66:
		line = "sable-hash " + g.pick("1", "2", "4", "8", "0", "-4", "x", "99999999", "")
	case r < 68:
		line = g.pick("sable-analyze", "sable-solve", "sable-solve wld", "sable-solve x", "sable-learn")
	case r < 70:
		line = "loadsgf " + g.pick("testdata/forced-pass.sgf", "testdata/illegal-move.sgf", "testdata/ffo-1.ggf",
			"testdata/letter-pairs.sgf", "testdata/bad-board.ggf", "/nonexistent", "/dev/zero", "testdata") + " " + g.pick("", "3", "0", "x", "40")
	case r < 90:
		// A valid command name with junk arguments.
		line = g.pick("play", "genmove", "undo", "komi", "time_left", "loadsgf", "sable-depth", "boardsize", "known_command") + " " + g.junk(12)
	case r < 99:
		line = g.junk(30)
	default:
		if g.rng.IntN(20) == 0 {
			line = g.pick("quit", "2 quit")
		} else if g.rng.IntN(10) == 0 {
			line = g.pick("name ", "# ", "play b ") + strings.Repeat("z", MaxLineBytes+g.rng.IntN(1000)-300)
		} else {
			line = ""
		}
	}
	switch g.rng.IntN(8) {
	case 0:
		line = strconv.Itoa(g.rng.IntN(1000)) + " " + line
	case 1:
		line = strconv.Itoa(g.rng.IntN(100)) + g.pick("\t", "  ", " ") + line
	case 2:
		line += " # " + g.junk(8)
	case 3:
		line = g.pick(" ", "\t", "\u00a0", "\x01") + line + g.pick("\r", " ", "\t")
	}
	return line
}

// nboardLine is one NBoard line, with pings between requests as the GUI
// sends them, and the same kinds of damage as gtpLine.
func (g *lineGen) nboardLine() string {
	game := "(;GM[Othello]PC[x]BO[8 " + startCells + " *]" + g.pick("", "B[F5]", "B[F5]W[D6]", "B[A1]", "TI[5:00]B[F5//1.2]") + ";)"
	switch r := g.rng.IntN(100); {
	case r < 25:
		return "ping " + g.pick(strconv.Itoa(g.rng.IntN(100000)), strconv.Itoa(g.rng.IntN(10)), "-3", "+4", "x", "", "1 2")
	case r < 40:
		return "move " + g.pick(g.square(), g.square(), "PA", "pa", g.square()+"/1.5/0.3", g.square()+"//", "Z9", "")
	case r < 50:
		return "set game " + g.pick(game, game, "(;GM[Go];)", "((((", game[:g.rng.IntN(len(game))])
	case r < 60:
		return g.pick("go", "hint 1", "hint 3", "hint 0", "hint x", "analyze", "learn")
	case r < 68:
		return "set " + g.pick("depth ", "contempt ", "threads ", "rules ", "scoring ", "time ") + g.number()
	case r < 70:
		return g.pick("nboard 2", "nboard 1", "nboard x", g.square())
	case r < 97:
		return g.junk(30)
	default:
		if g.rng.IntN(100) == 0 {
			return "quit"
		}
		if g.rng.IntN(10) == 0 {
			return "ping " + strings.Repeat("9", MaxLineBytes+10)
		}
		return "# " + g.junk(10)
	}
}
