package labcmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLabelRefusesDeviationFlagsOutOfPlace(t *testing.T) {
	dir := t.TempDir()
	obf := filepath.Join(dir, "in.obf")
	os.WriteFile(obf, []byte(ffo1+"\n"), 0o644)
	out := filepath.Join(dir, "x.lbl")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--deviations"}, "--deviations needs --empties"},
		{[]string{"--seed", "3"}, "--seed goes with --deviations"},
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
