package labcmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sable-othello/sable/internal/shareddata"
)

func TestMpcfitTakesPositionsFromGamesAndRefusesFilesWithout(t *testing.T) {
	wthor := shareddata.Path(t, "wthor/WTH_1985.wtb")
	code, out, errOut := runTool(t, "mpcfit", "--positions", "20", "--depth", "6", "--max-empties", "27", "--games", wthor)
	if code != 0 || !strings.HasPrefix(out, "// --mpc ") {
		t.Fatalf("mpcfit --games %s: exit %d, stdout %q, stderr %q", wthor, code, out, errOut)
	}
	dir := t.TempDir()
	garbled := filepath.Join(dir, "garbled.txt")
	os.WriteFile(garbled, []byte("f5 d6 c3 q9\n"), 0o644)
	illegal := filepath.Join(dir, "illegal.txt")
	os.WriteFile(illegal, []byte("f5 a1\n"), 0o644)
	for _, c := range []struct{ games, want string }{
		{filepath.Join(dir, "none.ggf"), "none.ggf: no such file"},
		{garbled, "garbled.txt:1:10: transcript: bad move"},
		{illegal, "no game of --games replays"},
	} {
		code, out, errOut := runTool(t, "mpcfit", "--positions", "4", "--depth", "4", "--games", c.games)
		if code == 0 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("mpcfit --games %s: exit %d, stdout %q, stderr %q; want an error saying %q", c.games, code, out, errOut, c.want)
		}
	}
}
