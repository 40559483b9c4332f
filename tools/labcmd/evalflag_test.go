package labcmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sable-othello/sable/eval"
	"github.com/sable-othello/sable/tools/dataset"
)

func TestEveryEvalDefaultsToTheEmbeddedWeightsAnywhere(t *testing.T) {
	// Run outside the repository, where no eval/weights.sew is at hand.
	dir := t.TempDir()
	t.Chdir(dir)
	_, embedded, err := eval.Load("")
	if err != nil {
		t.Fatal(err)
	}
	games := filepath.Join(dir, "sp.games")
	if code, _, errOut := runTool(t, "selfplay", "--out", games, "--games", "1", "--depth", "1", "--exact", "4"); code != 0 {
		t.Fatalf("selfplay: exit %d: %s", code, errOut)
	}
	if h, _, err := dataset.ReadGames(games); err != nil || h.Eval != embedded {
		t.Errorf("the games' header names the evaluation %q (%v), not the embedded weights %s", h.Eval, err, embedded)
	}
	if code, _, errOut := runTool(t, "label", "--games", games, "--out", filepath.Join(dir, "sp.lbl"), "--exact-empties", "4", "--search-depth", "1"); code != 0 {
		t.Errorf("label --search-depth: exit %d: %s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(dir, "sp.lbl.search-d1-"+embedded)); err != nil {
		t.Errorf("the search labels' cache does not name the embedded weights: %v", err)
	}
}

func TestEveryEvalRefusesAFileThatIsNotWeights(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.sew")
	os.WriteFile(bad, []byte("not weights"), 0o644)
	obf := filepath.Join(dir, "in.obf")
	os.WriteFile(obf, []byte(ffo1+"\n"), 0o644)
	for _, args := range [][]string{
		{"eval", "--eval", bad, obf},
		{"review", "--eval", bad, "game.txt"},
		{"book", "evaluate", "--book", "x.sbk", "--depth", "2", "--eval", bad},
		{"label", "--games", obf, "--out", filepath.Join(dir, "x.lbl"), "--eval", bad},
		{"selfplay", "--out", filepath.Join(dir, "x.games"), "--eval", bad},
	} {
		code, out, errOut := runTool(t, args...)
		if code != 2 || out != "" || !strings.Contains(errOut, ": --eval: "+bad+": not a Sable weights file") {
			t.Errorf("sable %s: exit %d, stderr %q; want 2 naming the file", strings.Join(args, " "), code, errOut)
		}
	}
}
