package protocol

import (
	"bytes"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// regressStep is a command of a gogui-regress suite. A numbered command is
// a test: its reply must match pattern, when the suite gives one, and not
// be an error. Other commands set the engine up and must not fail.
type regressStep struct {
	line    int    // in the suite file
	command string // as sent, with its number
	id      int    // the number; -1 for a set-up command
	pattern string // the reply's pattern; "" for none
	negate  bool   // [!...]: the reply must not match
}

// readRegressSuite reads a gogui-regress suite as GoGui does: a command a
// line, "#? [REGEX]" after a numbered one for the reply it expects, other
// # lines comments. Expected failures ("[...]*") are refused: this suite
// is one every correct engine passes whole.
func readRegressSuite(t *testing.T, path string) []regressStep {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var steps []regressStep
	for n, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(strings.ReplaceAll(line, "\t", " "))
		switch {
		case strings.HasPrefix(line, "#?"):
			p := strings.TrimSpace(line[2:])
			last := len(steps) - 1
			if last < 0 || steps[last].id < 0 || steps[last].pattern != "" || !strings.HasPrefix(p, "[") || !strings.HasSuffix(p, "]") {
				t.Fatalf("%s:%d: pattern %q: want [REGEX] after a numbered command (an expected failure, ]*, is refused)", path, n+1, p)
			}
			steps[last].pattern, steps[last].negate = strings.CutPrefix(strings.TrimSpace(p[1:len(p)-1]), "!")
		case line == "" || strings.HasPrefix(line, "#"):
		default:
			num, _, _ := strings.Cut(line, " ")
			id, err := strconv.Atoi(num)
			if err != nil {
				id = -1
			}
			steps = append(steps, regressStep{line: n + 1, command: line, id: id})
		}
	}
	return steps
}

// TestGoguiRegressSuitePassesWhole replays testdata/sable.tst through the
// real engine with the settings its header names (--no-book --threads 1),
// from testdata as gogui-regress runs it (loadsgf names files there), and
// checks every reply as gogui-regress does: no error, and the text after
// the reply's number matches the whole pattern (multi-line, dot matching
// newlines).
func TestGoguiRegressSuitePassesWhole(t *testing.T) {
	steps := readRegressSuite(t, "testdata/sable.tst")
	t.Chdir("testdata")
	st := DefaultSettings()
	st.Book, st.Threads = BookOff, 1
	var out bytes.Buffer
	s, err := newSession(Config{Settings: st, Log: io.Discard}, &out, &transcript{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	g := newGTPSession(s)
	tests, passed := 0, 0
	for _, step := range steps {
		out.Reset()
		g.execute(inputLine{text: step.command})
		reply := strings.TrimSuffix(out.String(), "\n\n")
		if step.id < 0 {
			if !strings.HasPrefix(reply, "=") {
				t.Fatalf("sable.tst:%d: %s: %s", step.line, step.command, reply)
			}
			continue
		}
		tests++
		text, ok := strings.CutPrefix(reply, "="+strconv.Itoa(step.id))
		if !ok {
			t.Errorf("sable.tst:%d: %s: got %q, want a reply =%d", step.line, step.command, reply, step.id)
			continue
		}
		if step.pattern != "" {
			re, err := regexp.Compile(`(?ms)\A(?:` + step.pattern + `)\z`)
			if err != nil {
				t.Fatalf("sable.tst:%d: pattern %q: %v", step.line, step.pattern, err)
			}
			if text = strings.TrimSpace(text); re.MatchString(text) == step.negate {
				t.Errorf("sable.tst:%d: %s: got %q, want [%s]", step.line, step.command, text, step.pattern)
				continue
			}
		}
		passed++
	}
	if tests == 0 {
		t.Fatal("no test in the suite")
	}
	t.Logf("%d of %d tests passed", passed, tests)
}
