package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sable-othello/sable/search"
)

func TestEveryHashOfTheEngineIsCheckedAgainstTheMemory(t *testing.T) {
	const huge = "1099511627776" // MiB: more than any machine has
	if search.CheckTableFits(1<<40, 0) == nil {
		t.Skip("no /proc/meminfo: the memory available is unknown and every size passes")
	}
	obf := filepath.Join(t.TempDir(), "ffo1.obf")
	os.WriteFile(obf, []byte(ffo1+"\n"), 0o644)
	// The protocols take at most 65536 MB.
	if search.CheckTableFits(1<<16, 0) != nil {
		if code, _, errOut := runSable(t, "quit\n", "--hash", "65536"); code != 1 || !strings.Contains(errOut, "sable: hash 65536: at most ") {
			t.Errorf("sable --hash 65536: exit %d, stderr %q; want 1 and the most that fits", code, errOut)
		}
	}
	for _, args := range [][]string{{"bench", "--hash", huge}, {"solve", "--hash", huge, obf}} {
		code, _, errOut := runSable(t, "", args...)
		if code != 1 || !strings.Contains(errOut, "hash "+huge+": at most ") || !strings.Contains(errOut, " MB fit in the memory available") {
			t.Errorf("sable %s: exit %d, stderr %q; want 1 and the most that fits", strings.Join(args, " "), code, errOut)
		}
	}
}
