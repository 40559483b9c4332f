package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sable-othello/sable/eval"
)

// runSable runs the binary's entry point on the given input.
func runSable(t *testing.T, input string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errOut strings.Builder
	code = run(args, strings.NewReader(input), &out, &errOut)
	return code, out.String(), errOut.String()
}

func TestNoArgumentsSpeaksGTPOnStdin(t *testing.T) {
	code, out, errOut := runSable(t, "protocol_version\n1 name\n2 foo\nquit\n")
	if code != 0 || out != "= 2\n\n=1 Sable\n\n?2 unknown command\n\n=\n\n" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
	if !strings.Contains(errOut, `unknown GTP command "foo"`) {
		t.Fatalf("diagnostics belong on stderr: %q", errOut)
	}
}

func TestFirstLineNBoardSpeaksNBoard(t *testing.T) {
	code, out, _ := runSable(t, "nboard 2\nset depth 3\nping 1\n")
	if code != 0 || out != "set myname Sable\nset myname Sable3\npong 1\n" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
}

func TestFlagsSetTheEngineAsTheSettingCommandsDo(t *testing.T) {
	code, out, _ := runSable(t, "sable-rules\nsable-scoring\nsable-depth\nsable-level\nsable-time\nsable-threads\nsable-hash\n",
		"--rules", "classic", "--scoring", "wof", "--depth", "5", "--level", "9", "--time", "1.5", "--threads", "2", "--hash", "8")
	want := "= classic\n\n= wof\n\n= 5\n\n= 9\n\n= 1.5\n\n= 2\n\n= 8\n\n"
	if code != 0 || out != want {
		t.Fatalf("exit %d, stdout %q, want %q", code, out, want)
	}
}

func TestProtocolFlagForcesNBoard(t *testing.T) {
	code, out, _ := runSable(t, "ping 4\n", "--protocol", "nboard")
	if code != 0 || out != "pong 4\n" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
}

func TestBadFlagsExitWithUsage(t *testing.T) {
	for _, args := range [][]string{
		{"--rules", "chess"}, {"--depth", "x"}, {"--protocol", "uci"}, {"--bogus"}, {"extra"},
	} {
		code, out, errOut := runSable(t, "name\n", args...)
		if code == 0 || out != "" || errOut == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want a failure explained on stderr", args, code, out, errOut)
		}
	}
	if _, _, errOut := runSable(t, "", "--rules", "chess"); !strings.Contains(errOut, `"chess"`) {
		t.Errorf("the error should name the bad value: %q", errOut)
	}
}

func TestLogFlagKeepsATranscript(t *testing.T) {
	file := filepath.Join(t.TempDir(), "session.log")
	if code, _, _ := runSable(t, "name\nquit\n", "--log", file); code != 0 {
		t.Fatalf("exit %d", code)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// Input lines are logged as they are read, which may be before the
	// reply to the line ahead of them: each direction keeps its own order.
	var in, out []string
	for _, l := range strings.Split(strings.TrimSuffix(string(b), "\n"), "\n") {
		if strings.HasPrefix(l, ">") {
			in = append(in, l)
		} else {
			out = append(out, l)
		}
	}
	if !strings.HasPrefix(string(b), "> name\n") || strings.Join(in, "|") != "> name|> quit" || strings.Join(out, "|") != "< = Sable|<|< =|<" {
		t.Fatalf("transcript %q, want > name, > quit in and < = Sable, <, < =, < out", b)
	}
	if code, _, _ := runSable(t, "", "--log", filepath.Join(file, "not-a-dir", "x")); code != 2 {
		t.Fatalf("an unwritable log should fail with 2, got %d", code)
	}
}

func TestEmptyInputExitsCleanly(t *testing.T) {
	if code, out, _ := runSable(t, ""); code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q", code, out)
	}
}

func TestScoringFlagHoldsWhateverTheFlagOrder(t *testing.T) {
	_, out, _ := runSable(t, "sable-scoring\n", "--scoring", "wof", "--rules", "classic")
	if out != "= wof\n\n" {
		t.Fatalf("classic with --scoring wof: %q", out)
	}
}

func TestEvalFlagTakesSimpleOrAWeightsFileAndRefusesGarbage(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.sew")
	os.WriteFile(bad, []byte("not weights at all"), 0o644)
	good := filepath.Join(dir, "good.sew")
	if err := eval.SaveWeights(good, eval.NewWeights()); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		arg  string
		code int
	}{{"simple", 0}, {good, 0}, {bad, 2}, {filepath.Join(dir, "missing.sew"), 2}} {
		var out, errb bytes.Buffer
		code := run([]string{"--eval", c.arg}, strings.NewReader("genmove b\n"), &out, &errb)
		if code != c.code {
			t.Errorf("--eval %s: exit %d, want %d (%s)", c.arg, code, c.code, errb.String())
		}
		if c.code == 0 && !strings.HasPrefix(out.String(), "= ") {
			t.Errorf("--eval %s: genmove answered %q", c.arg, out.String())
		}
	}
}

func TestMpcFlagTakesFourNumbersAndRefusesTheRest(t *testing.T) {
	code, out, errOut := runSable(t, "genmove b\n", "--no-book", "--level", "10", "--mpc", "5.41,-0.0604,0.2905,-0.6504")
	if code != 0 || !strings.HasPrefix(out, "= ") {
		t.Errorf("a model of four numbers: exit %d, out %q, err %q", code, out, errOut)
	}
	// Empty is the default: the embedded weights' fit.
	if code, out, errOut := runSable(t, "genmove b\n", "--mpc="); code != 0 || !strings.HasPrefix(out, "= ") {
		t.Errorf("--mpc=: exit %d, out %q, err %q", code, out, errOut)
	}
	for _, bad := range []string{"1,2,3", "5.4,-0.06,0.29,x"} {
		code, out, errOut := runSable(t, "genmove b\n", "--mpc="+bad)
		if code != 2 || out != "" || !strings.Contains(errOut, fmt.Sprintf("--mpc %q", bad)) {
			t.Errorf("--mpc %s: exit %d, stdout %q, stderr %q; want 2 naming the value", bad, code, out, errOut)
		}
	}
}

func TestNoBookFlagTurnsTheBookOff(t *testing.T) {
	code, out, errOut := runSable(t, "sable-book\n", "--no-book")
	if code != 0 || strings.TrimSpace(out) != "= off" {
		t.Fatalf("exit %d, out %q, err %q", code, out, errOut)
	}
	code, out, _ = runSable(t, "sable-book\n")
	if code != 0 || strings.TrimSpace(out) != "= default" {
		t.Fatalf("default book setting: exit %d, out %q", code, out)
	}
}
