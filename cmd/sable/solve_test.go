package main

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/enginetest"
	"github.com/sable-othello/sable/search"
)

// ffo1 is FFO position #1 (14 empties) with its best score.
const ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;"

func TestSolveReportsBadAndOverLongLinesAndGoesOn(t *testing.T) {
	text := strings.Join([]string{
		"# a comment",
		ffo1,
		strings.Repeat("-", 2<<20), // over 1 MiB
		"not a position",
		"",
		strings.Replace(ffo1, "+18", "+10", 1), // a wrong expectation
	}, "\n") + "\n"
	path := filepath.Join(t.TempDir(), "in.obf")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runSable(t, "", "solve", path)
	if code != 1 {
		t.Errorf("exit %d, want 1 for bad lines", code)
	}
	if !strings.Contains(errOut, "line 3: line too long") || !strings.Contains(errOut, "line 4: ") {
		t.Errorf("stderr does not report lines 3 and 4:\n%.300s", errOut)
	}
	// Rows are numbered by their line in the file.
	for _, row := range []string{`(?m)^ +2 +14 +g8 +\+18 +\+18 `, `(?m)^ +6 +14 +g8 +\+18 +\+10 ! `, `total: 2 positions`} {
		if !regexp.MustCompile(row).MatchString(out) {
			t.Errorf("stdout lacks %s:\n%s", row, out)
		}
	}
}

// cancelOnRead cancels a context when the solver reads on past the lines
// before it, as Ctrl-C during the next solve would.
type cancelOnRead struct {
	cancel context.CancelFunc
	r      io.Reader
}

func (c cancelOnRead) Read(p []byte) (int, error) {
	c.cancel()
	return c.r.Read(p)
}

func TestSolveStopsOnCtrlCWithTheTotalsSoFar(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	in := io.MultiReader(strings.NewReader(ffo1+"\n"), cancelOnRead{cancel, strings.NewReader(ffo1 + "\n")})
	eng := enginetest.New(t, search.Options{HashMB: 1})
	defer eng.Close()
	var out, errOut strings.Builder
	code := solveLines(ctx, in, eng, bitboard.Rules{Variant: bitboard.Othello}, false, &out, &errOut)
	if code != 1 {
		t.Errorf("exit %d, want 1 when interrupted", code)
	}
	if !strings.Contains(errOut.String(), "sable solve: interrupted at line 2 after 1 positions") {
		t.Errorf("stderr does not say where it stopped: %q", errOut.String())
	}
	for _, row := range []string{`(?m)^ +1 +14 +g8 +\+18 +\+18 `, `total: 1 positions`} {
		if !regexp.MustCompile(row).MatchString(out.String()) {
			t.Errorf("stdout lacks %s:\n%s", row, out.String())
		}
	}
	if strings.Contains(out.String(), "\n    2 ") {
		t.Errorf("the interrupted solve got a row:\n%s", out.String())
	}
}

func TestSolveShowsProgressOfALongSolve(t *testing.T) {
	eng := enginetest.New(t, search.Options{HashMB: 1})
	defer eng.Close()
	var errOut strings.Builder
	done := showProgress(eng, 7, 20, true, &errOut)
	done()
	if errOut.Len() != 0 {
		t.Errorf("a quick solve showed progress: %q", errOut.String())
	}
	done = showProgress(eng, 7, 20, true, &errOut)
	time.Sleep(progressDelay + progressDelay/2)
	done()
	if !regexp.MustCompile(`^line 7: solving 20 empties \(WLD\): \d+ nodes, 1s, \d+ nodes/s\n$`).MatchString(errOut.String()) {
		t.Errorf("progress of a long solve: %q", errOut.String())
	}
}
