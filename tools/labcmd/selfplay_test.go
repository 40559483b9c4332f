package labcmd

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/sable-othello/sable/search"
	"github.com/sable-othello/sable/tools/dataset"
)

// The games file names the Multi-ProbCut model its searches used: the
// embedded weights' fit, or --mpc's, which must be four numbers. A new run
// is written in format v4.
func TestSelfplayNamesItsMultiProbCutModel(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct{ flag, want string }{
		{"", search.DefaultProbcut().String()},
		{"5.41,-0.0604,0.2905,-0.6504", "5.4100,-0.0604,0.2905,-0.6504"},
	} {
		games := filepath.Join(dir, "sp"+c.want+".games")
		args := []string{"selfplay", "--out", games, "--games", "1", "--depth", "2", "--exact", "4"}
		if c.flag != "" {
			args = append(args, "--mpc", c.flag)
		}
		if code, _, errOut := runTool(t, args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		h, _, err := dataset.ReadGames(games)
		if err != nil || h.MPC != c.want {
			t.Errorf("--mpc %q: the header names the model %q (%v), want %q", c.flag, h.MPC, err, c.want)
		}
		if h.Format != dataset.Format5 {
			t.Errorf("a new run is written as %v, want format v5", h)
		}
	}
	for _, bad := range []string{"1,2", "1,2,3,x"} {
		code, out, errOut := runTool(t, "selfplay", "--out", filepath.Join(dir, "x.games"), "--mpc", bad)
		if code != 2 || out != "" || !strings.Contains(errOut, `--mpc "`+bad+`"`) {
			t.Errorf("--mpc %s: exit %d, stderr %q; want 2 naming the value", bad, code, errOut)
		}
	}
}
