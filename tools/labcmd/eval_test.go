package labcmd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/internal/shareddata"
	"github.com/sable-othello/sable/tools/dataset"
)

// evalLines are FFO #1 and #2 (14 empties, exact scores +18 and +10), a
// comment, a blank line, and the start position with no scores.
const evalLines = `# FFO 1 and 2
--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18; H1:+12;

-XXXXXX---XOOOO--XOXXOOX-OOOOOOOOOOOXXOOOOOXXOOX--XXOO----XXXXX- X; A4:+10; B2:+0;
---------------------------OX------XO--------------------------- X
`

// runEvalCmd runs "sable eval ARGS" on a file holding text.
func runEvalCmd(t *testing.T, text string, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "in.obf")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code = runEval(append(args, path), &out, &errOut)
	return code, out.String(), errOut.String()
}

// obfBoard is the board of an OBF line's position, from the mover's view.
func obfBoard(t *testing.T, obf string) bitboard.Board {
	t.Helper()
	l, err := bitboard.ParseOBF(obf)
	if err != nil {
		t.Fatal(err)
	}
	return bitboard.FromBoard(l.Board, l.Side, bitboard.DefaultRules(bitboard.Othello)).Board
}

// staticValue is the embedded weights' value of an OBF line's position.
func staticValue(t *testing.T, obf string) int {
	t.Helper()
	w, err := eval.Default()
	if err != nil {
		t.Fatal(err)
	}
	b := obfBoard(t, obf)
	return w.Evaluate(b.P, b.O)
}

func TestEvalTSVHasOneLinePerPositionAndSearchAtFullDepthIsExact(t *testing.T) {
	code, out, errOut := runEvalCmd(t, evalLines, "--tsv", "--depth", "14")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	obf := strings.Split(evalLines, "\n")
	want := []string{
		fmt.Sprintf("1\t14\t%d\t18", staticValue(t, obf[1])),
		fmt.Sprintf("2\t14\t%d\t10", staticValue(t, obf[3])),
		fmt.Sprintf("3\t60\t%d\t", staticValue(t, obf[4])),
	}
	if len(lines) != len(want) {
		t.Fatalf("got %d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i := range want {
		if !strings.HasPrefix(lines[i], want[i]) || strings.Count(lines[i], "\t") != 3 {
			t.Errorf("line %d = %q, want %q...", i+1, lines[i], want[i])
		}
	}
}

func TestEvalTSVWithoutDepthHasThreeColumns(t *testing.T) {
	_, out, _ := runEvalCmd(t, evalLines, "--tsv")
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if strings.Count(l, "\t") != 2 {
			t.Errorf("line %q: want index, empties, static", l)
		}
	}
}

func TestEvalReportsErrorsAgainstTheBestScores(t *testing.T) {
	code, out, errOut := runEvalCmd(t, evalLines, "--depth", "14")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	obf := strings.Split(evalLines, "\n")
	e1, e2 := staticValue(t, obf[1])-18, staticValue(t, obf[3])-10
	mae := fmt.Sprintf("%6.2f", float64(abs(e1)+abs(e2))/2)
	// Both positions are in the 13-16 band; the searches are exact.
	for _, label := range []string{"13-16", "all"} {
		want := fmt.Sprintf("%-8s %5d %s", label, 2, mae)
		if !strings.Contains(out, want) {
			t.Errorf("no line %q in:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "search:   0.00   0.00  +0.00") {
		t.Errorf("exact searches should have no error:\n%s", out)
	}
	if want := fmt.Sprintf("%+7d %+7d", e1, 0); !strings.Contains(out, want) {
		t.Errorf("row 1 should show errors %q:\n%s", want, out)
	}
}

func abs(x int) int { return max(x, -x) }

func TestEvalRejectsABadLineNamingLineAndColumn(t *testing.T) {
	bad := evalLines + "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+1x;\n"
	code, out, errOut := runEvalCmd(t, bad, "--tsv")
	if code == 0 || out != "" {
		t.Errorf("exit %d with output %q: a bad line must fail the whole input", code, out)
	}
	if !strings.Contains(errOut, "in.obf:6:") || !strings.Contains(errOut, "column 72") {
		t.Errorf("error should name line 6 and column 72: %s", errOut)
	}
	for _, args := range [][]string{{"--depth", "61"}, {"--depth", "-1"}, {"--hash", "0"}, {"--selectivity", "0"}, {"--selectivity", "101"}, {"--eval", "/nonexistent"}} {
		if code, _, _ := runEvalCmd(t, evalLines, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2", args, code)
		}
	}
}

func TestEvalMeasuresEvalposWithinExpectedError(t *testing.T) {
	path := shareddata.Path(t, "evalpos/rhino-selfplay-20-22.obf")
	var out, errOut bytes.Buffer
	if code := runEval([]string{path}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	// The embedded weights measure MAE 6.78: new weights must not be worse.
	var n int
	var mae float64
	i := strings.Index(out.String(), "\nall ")
	if i < 0 {
		t.Fatalf("no summary:\n%s", out.String())
	}
	if _, err := fmt.Sscan(out.String()[i+5:], &n, &mae); err != nil || n != 200 || mae > 6.8 {
		t.Errorf("all: %d positions, MAE %.2f (%v); want 200 positions, MAE <= 6.8", n, mae, err)
	}
}

// writeEvalLabels writes FFO #1 (exact +18), FFO #2 (an estimate, +10)
// and the start position (+0) of evalLines as a labels file.
func writeEvalLabels(t *testing.T) string {
	t.Helper()
	obf := strings.Split(evalLines, "\n")
	var labels []dataset.Label
	for _, c := range []struct {
		line  string
		score int8
		exact bool
	}{{obf[1], 18, true}, {obf[3], 10, false}, {obf[4], 0, false}} {
		b := obfBoard(t, c.line)
		labels = append(labels, dataset.Label{P: b.P, O: b.O, Score: c.score, Exact: c.exact, Count: 1})
	}
	path := filepath.Join(t.TempDir(), "x.lbl")
	if err := dataset.WriteLabels(path, labels); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestEvalMeasuresLabelsWithinTheEmpties(t *testing.T) {
	path := writeEvalLabels(t)
	var out, errOut bytes.Buffer
	if code := runEval([]string{"--labels", path, "--empties", "10-20"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	obf := strings.Split(evalLines, "\n")
	e1, e2 := staticValue(t, obf[1])-18, staticValue(t, obf[3])-10
	want := []string{
		"2 positions with 10-20 empties (1 exact)",
		"errors in discs against the labels",
		fmt.Sprintf("%-8s %5d %6.2f", "13-16", 2, float64(abs(e1)+abs(e2))/2),
		fmt.Sprintf("%-8s %5d %6.2f", "all", 2, float64(abs(e1)+abs(e2))/2),
	}
	for _, w := range want {
		if !strings.Contains(out.String(), w) {
			t.Errorf("no %q in:\n%s", w, out.String())
		}
	}
	if strings.Contains(out.String(), "57-60") {
		t.Errorf("the start position lies outside --empties:\n%s", out.String())
	}
}

func TestEvalRefusesLabelsItCannotMeasure(t *testing.T) {
	path := writeEvalLabels(t)
	for _, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"--labels", path, "--empties", "30-40"}, 1, "no labelled position with 30-40 empties"},
		{[]string{"--labels", path + ".missing"}, 1, "no such file"},
		{[]string{"--labels", path, "--depth", "4"}, 2, "static evaluation"},
		{[]string{"--labels", path, "--tsv"}, 2, "static evaluation"},
		{[]string{"--labels", path, path}, 2, "static evaluation"},
		{[]string{"--labels", path, "--empties", "20-10"}, 2, "--empties"},
		{[]string{"--empties", "17-24", path}, 2, "--empties goes with --labels"},
		{[]string{"--empties", "0-60", path}, 2, "--empties goes with --labels"},
	} {
		var out, errOut bytes.Buffer
		if code := runEval(c.args, &out, &errOut); code != c.code || !strings.Contains(errOut.String(), c.msg) || out.Len() != 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit %d naming %q", c.args, code, errOut.String(), out.String(), c.code, c.msg)
		}
	}
}
