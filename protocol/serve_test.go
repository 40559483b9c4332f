package protocol

import (
	"bufio"
	"errors"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

// live is a Serve session on pipes, as a controller process sees it.
type live struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string // output lines
	done  chan error  // Serve's result
}

func startServe(t *testing.T, cfg Config) *live {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	l := &live{t: t, in: inW, lines: make(chan string, 1000), done: make(chan error, 1)}
	if cfg.Settings == (Settings{}) {
		cfg.Settings = goldenSettings(GTP)
	}
	go func() {
		err := Serve(inR, outW, cfg)
		outW.Close()
		l.done <- err
	}()
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			l.lines <- sc.Text()
		}
		close(l.lines)
	}()
	t.Cleanup(func() { inW.Close() })
	return l
}

func (l *live) send(lines ...string) {
	l.t.Helper()
	if _, err := io.WriteString(l.in, strings.Join(lines, "\n")+"\n"); err != nil {
		l.t.Fatal(err)
	}
}

// expect reads output lines until one satisfies ok, failing after the
// timeout. It returns the lines read.
func (l *live) expect(within time.Duration, what string, ok func(string) bool) []string {
	l.t.Helper()
	var seen []string
	deadline := time.After(within)
	for {
		select {
		case line, open := <-l.lines:
			if !open {
				l.t.Fatalf("output ended before %s; got %q", what, seen)
			}
			seen = append(seen, line)
			if ok(line) {
				return seen
			}
		case <-deadline:
			l.t.Fatalf("no %s within %v; got %q", what, within, seen)
		}
	}
}

// ended waits for Serve to return.
func (l *live) ended(within time.Duration) error {
	l.t.Helper()
	select {
	case err := <-l.done:
		return err
	case <-time.After(within):
		l.t.Fatalf("session still running after %v", within)
	}
	return nil
}

func is(s string) func(string) bool { return func(line string) bool { return line == s } }

func TestFirstCommandNBoardSelectsNBoard(t *testing.T) {
	l := startServe(t, Config{})
	l.send("nboard 2", "ping 7")
	l.expect(5*time.Second, "pong", is("pong 7"))
	l.in.Close()
	if err := l.ended(5 * time.Second); err != nil {
		t.Fatal(err)
	}
}

func TestAnyOtherFirstCommandIsGTP(t *testing.T) {
	l := startServe(t, Config{})
	l.send("", "# a comment first", "name")
	l.expect(5*time.Second, "name", is("= Sable"))
}

func TestProtocolFlagOverridesTheFirstCommand(t *testing.T) {
	l := startServe(t, Config{Protocol: GTP})
	l.send("nboard 2")
	l.expect(5*time.Second, "GTP error", is("? unknown command"))
	n := startServe(t, Config{Protocol: NBoard})
	n.send("ping 3")
	n.expect(5*time.Second, "pong", is("pong 3"))
	if err := Serve(strings.NewReader("name\n"), io.Discard, Config{Protocol: "uci"}); err == nil || !strings.Contains(err.Error(), "uci") {
		t.Fatalf("unknown protocol should be refused by name: %v", err)
	}
}

func TestEndOfInputLetsPendingCommandsFinish(t *testing.T) {
	var out strings.Builder
	err := Serve(strings.NewReader("genmove b\nplay w d6\nshowboard"), &out, Config{Settings: goldenSettings(GTP)})
	if err != nil {
		t.Fatal(err)
	}
	replies := strings.Split(strings.TrimSuffix(out.String(), "\n\n"), "\n\n")
	if len(replies) != 3 || !strings.HasPrefix(replies[0], "= ") || replies[1] != "=" && replies[1] != "? illegal move" {
		t.Fatalf("replies %q", replies)
	}
	mv, err := bitboard.ParseSquare(strings.TrimPrefix(replies[0], "= "))
	if start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)); err != nil || !start.Legal(mv) {
		t.Fatalf("genmove answered %q", replies[0])
	}
}

// serveText runs a whole session on text, as "printf ... | sable" does.
func serveText(t *testing.T, text string, st Settings) string {
	t.Helper()
	var out strings.Builder
	if err := Serve(strings.NewReader(text), &out, Config{Settings: st}); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// A quit piped behind a search must not cut it short: GTP runs commands in
// order, and scripts rely on it.
func TestQueuedQuitWaitsForTheSearchBeforeIt(t *testing.T) {
	st := goldenSettings(GTP)
	st.Depth = 0
	load := "loadsgf testdata/ffo-1.ggf\n"
	if got := serveText(t, load+"sable-solve\nsable-solve wld\nquit\n", st); !strings.HasPrefix(got, "=\n\n= G8 +18\n\n= ") || !strings.HasSuffix(got, " win\n\n=\n\n") {
		t.Errorf("solve then quit answered %q", got)
	}
	if got := serveText(t, load+"sable-analyze\nquit\n", st); !strings.HasPrefix(got, "=\n\n= G8 +18 exact\n") {
		t.Errorf("analyze then quit answered %q", got)
	}
	st.Depth = 9
	alone := serveText(t, "genmove b\nplay w f4\ngenmove b\n", st)
	if got := serveText(t, "genmove b\nplay w f4\ngenmove b\nquit\n", st); got != alone+"=\n\n" {
		t.Errorf("genmove then quit answered %q, without quit %q", got, alone)
	}
}

func TestQueuedNBoardQuitWaitsForTheHintBeforeIt(t *testing.T) {
	ffo, err := os.ReadFile("testdata/ffo-1.ggf")
	if err != nil {
		t.Fatal(err)
	}
	in := "nboard 2\nset depth 20\nset game " + strings.TrimSpace(string(ffo)) + "\nhint 1\nquit\n"
	got := serveText(t, in, goldenSettings(NBoard))
	if !strings.Contains(got, " 18.00 0 100%\n") || !strings.HasSuffix(got, "status\n") {
		t.Fatalf("hint then quit answered %q", got)
	}
}

func TestQuitReturnsPromptly(t *testing.T) {
	l := startServe(t, Config{})
	l.send("1 genmove black")
	l.expect(10*time.Second, "genmove reply", func(s string) bool { return strings.HasPrefix(s, "=1 ") })
	start := time.Now()
	l.send("2 quit")
	l.expect(10*time.Second, "quit reply", is("=2"))
	if err := l.ended(10 * time.Second); err != nil {
		t.Fatal(err)
	}
	// Quit has nothing to wait for: a bound far above its real cost (well
	// under a millisecond) that a loaded machine still keeps.
	if took := time.Since(start); took > 2*time.Second {
		t.Fatalf("quit took %v to answer and end the session", took)
	}
}

func TestPingStopsHintAtOnce(t *testing.T) {
	l := startServe(t, Config{Settings: goldenSettings(NBoard)})
	l.send("nboard 2", "set depth 60", "hint 1")
	l.expect(5*time.Second, "a search line", func(s string) bool { return strings.HasPrefix(s, "search ") })
	l.send("ping 9")
	got := l.expect(2*time.Second, "pong", is("pong 9"))
	if got[len(got)-2] != "status" {
		t.Fatalf("the hint must be finished (status cleared) before pong: %q", got)
	}
	l.send("quit")
	if err := l.ended(2 * time.Second); err != nil {
		t.Fatal(err)
	}
}

func TestPipelinedCommandsAreAnsweredInOrder(t *testing.T) {
	l := startServe(t, Config{})
	var cmds []string
	for i := 1; i <= 50; i++ {
		cmds = append(cmds, strings.Repeat(" ", i%3)+strconv.Itoa(i)+" name")
	}
	l.send(cmds...)
	for i := 1; i <= 50; i++ {
		l.expect(5*time.Second, "reply "+strconv.Itoa(i), func(s string) bool {
			if strings.HasPrefix(s, "=") && s != "="+strconv.Itoa(i)+" Sable" {
				t.Fatalf("reply %q out of order, want id %d", s, i)
			}
			return s != ""
		})
	}
}

func TestOverlongLineGetsOneErrorAndTheSessionGoesOn(t *testing.T) {
	l := startServe(t, Config{})
	// The pipe blocks until Serve reads, so the write runs on its own.
	go io.WriteString(l.in, "7 name "+strings.Repeat("x", 2*MaxLineBytes)+"\n8 name\n")
	l.expect(10*time.Second, "too-long error", is("?7 line too long (over 1048576 bytes)"))
	l.expect(5*time.Second, "next reply", is("=8 Sable"))
}

// failingWriter fails every write, as a closed pipe does.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errors.New("broken pipe") }

func TestOutputFailureEndsTheSession(t *testing.T) {
	in := strings.NewReader(strings.Repeat("name\n", 1000))
	if err := Serve(in, failingWriter{}, Config{}); err == nil || !strings.Contains(err.Error(), "broken pipe") {
		t.Fatalf("got %v, want the write error", err)
	}
}

func TestTranscriptRecordsBothDirections(t *testing.T) {
	var tr strings.Builder
	err := Serve(strings.NewReader("name\nfoo\n"), io.Discard, Config{Transcript: &tr})
	if err != nil {
		t.Fatal(err)
	}
	want := "> name\n< = Sable\n<\n> foo\n! unknown GTP command \"foo\"\n< ? unknown command\n<\n"
	if tr.String() != want {
		t.Fatalf("transcript %q, want %q", tr.String(), want)
	}
}

func TestRealEngineHintsSayWhenSolved(t *testing.T) {
	ffo, err := os.ReadFile("testdata/ffo-1.ggf")
	if err != nil {
		t.Fatal(err)
	}
	l := startServe(t, Config{Settings: goldenSettings(NBoard)})
	l.send("nboard 2", "set depth 20", "set game "+strings.TrimSpace(string(ffo)), "ping 1", "hint 2")
	l.expect(10*time.Second, "the solved best move", func(s string) bool { return strings.HasPrefix(s, "search G8") && strings.HasSuffix(s, " 18.00 0 100%") })
	l.expect(10*time.Second, "the end of the hint", is("status"))
	l.send("go")
	l.expect(10*time.Second, "the move", func(s string) bool { return strings.HasPrefix(s, "=== G8/18.00/") })
}

// Only ASCII space and tab separate GTP tokens: a line of other spaces is
// a command, and gets a reply.
func TestLinesOfUnicodeSpacesGetAnError(t *testing.T) {
	for _, line := range []string{"\u00a0", "\u3000\u3000", "\u2003"} {
		got := serveText(t, line+"\nname\n", goldenSettings(GTP))
		if got != "? unknown command\n\n= Sable\n\n" {
			t.Errorf("%q answered %q", line, got)
		}
	}
}

func TestCommentsOfAnyLengthAreIgnored(t *testing.T) {
	long := strings.Repeat("c", 2*MaxLineBytes)
	in := "# " + long + "\n1 name # " + long + "\n2 name\n"
	if got := serveText(t, in, goldenSettings(GTP)); got != "=1 Sable\n\n=2 Sable\n\n" {
		t.Fatalf("got %q", got)
	}
	in = "nboard 2\n# " + long + "\nping 4\n"
	if got := serveText(t, in, goldenSettings(NBoard)); got != "set myname Sable\npong 4\n" {
		t.Fatalf("NBoard got %q", got)
	}
}

func TestLevelWithoutArgumentIsTheOneInUse(t *testing.T) {
	st := DefaultSettings()
	st.Book = BookOff
	got := serveText(t, "sable-level\nsable-depth 5\nsable-level\nsable-depth 0\nsable-level 7\nsable-level\n", st)
	if want := "= 12\n\n=\n\n= 0\n\n=\n\n=\n\n= 7\n\n"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestBadBooksAreRefusedAtStart(t *testing.T) {
	weights := filepath.Join("..", "eval", "weights.sew")
	for name, want := range map[string]string{
		"/nonexistent/dir/x.sbk": "/nonexistent/dir",
		weights:                  "not a Sable book",
	} {
		st := goldenSettings(GTP)
		st.Book = name
		err := Serve(strings.NewReader("name\n"), io.Discard, Config{Settings: st})
		if err == nil || !strings.Contains(err.Error(), want) || strings.Count(err.Error(), name) != 1 {
			t.Errorf("book %s: got %v, want one mention of the file and %q", name, err, want)
		}
	}
	// A new file in an existing directory is where learned games will go.
	st := goldenSettings(GTP)
	st.Book = filepath.Join(t.TempDir(), "new.sbk")
	if err := Serve(strings.NewReader("name\n"), io.Discard, Config{Settings: st}); err != nil {
		t.Fatal(err)
	}
}

func TestReviewGivesTheMoveTableOfTheGameSoFar(t *testing.T) {
	// Level 12 is exact from 15 empties: FFO #1 has 14.
	st := goldenSettings(GTP)
	st.Depth, st.Level = 0, 12
	got := serveText(t, "loadsgf testdata/ffo-1.ggf\nplay b g8\nplay w b6\nsable-review\n", st)
	reply := strings.Split(strings.TrimSuffix(got, "\n\n"), "\n\n")[3]
	var rows []string
	for _, line := range strings.Split(reply, "\n")[2:4] {
		rows = append(rows, strings.Join(strings.Fields(line), " "))
	}
	// The values are those sable-analyze gives (G8 +18 for Black; then
	// H7 -18 and B6 -34 for White), and FFO #1's answer.
	want := []string{"1 black 14 g8 +18 g8 +18 0 exact", "2 white 13 b6 -34 h7 -18 16 blunder exact"}
	if !slices.Equal(rows, want) || !strings.HasPrefix(reply, "= Game 1:") ||
		!strings.Contains(reply, "\nwhite (white): 1 move, lost 16 discs (16.00 a move): 0 inaccuracies, 0 mistakes, 1 blunder") {
		t.Errorf("sable-review answered\n%s\nwant the rows %q", reply, want)
	}
}

func TestTranscriptCutsOverlongLines(t *testing.T) {
	var tr strings.Builder
	in := "7 name " + strings.Repeat("x", MaxLineBytes) + "\n"
	if err := Serve(strings.NewReader(in), io.Discard, Config{Transcript: &tr, Settings: goldenSettings(GTP)}); err != nil {
		t.Fatal(err)
	}
	if first, _, _ := strings.Cut(tr.String(), "\n"); len(first) > 100 || !strings.HasSuffix(first, "... (line too long, cut)") {
		t.Fatalf("transcript starts %.200q", tr.String())
	}
}
