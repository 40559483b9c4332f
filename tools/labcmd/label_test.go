package labcmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLabelRefusesDrawFlagsOutOfPlace(t *testing.T) {
	dir := t.TempDir()
	obf := filepath.Join(dir, "in.obf")
	os.WriteFile(obf, []byte(ffo1+"\n"), 0o644)
	out := filepath.Join(dir, "x.lbl")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--deviations"}, "--deviations and --captures need --empties"},
		{[]string{"--captures", "4"}, "--deviations and --captures need --empties"},
		{[]string{"--seed", "3"}, "--seed goes with --deviations or --captures"},
		{[]string{"--captures", "4", "--deviations", "--empties", "10"}, "exclude each other"},
		{[]string{"--captures", "-1", "--empties", "10"}, "--captures needs a search depth of at least 1"},
		{[]string{"--captures", "0", "--empties", "10"}, "--captures needs a search depth of at least 1"},
		{[]string{"--captures", "40", "--empties", "24-47"}, "no position has 40 plies to play"},
		{[]string{"--deviations", "--empties", "10", "--search-depth", "2", "--result-weight", "0.5"}, "no --game-scores or --result-weight"},
		{[]string{"--deviations", "--empties", "10", "--game-scores"}, "no --game-scores or --result-weight"},
	} {
		args := append([]string{"label", "--games", obf, "--out", out}, tc.args...)
		code, _, errOut := runTool(t, args...)
		if code == 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("sable %s: exit %d, stderr %q; want an error saying %q", strings.Join(args, " "), code, errOut, tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("sable %s wrote %s", strings.Join(args, " "), out)
		}
	}
}
