package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sable-othello/sable/search"
)

func TestEveryHashIsCheckedAgainstTheMemory(t *testing.T) {
	const huge = "1099511627776" // MiB: more than any machine has
	if search.CheckTableFits(1<<40, 0) == nil {
		t.Skip("no /proc/meminfo: the memory available is unknown and every size passes")
	}
	t.Setenv("XDG_CACHE_HOME", t.TempDir()) // where sable review keeps its checkpoints
	dir := t.TempDir()
	obf, game, bk := filepath.Join(dir, "ffo1.obf"), filepath.Join(dir, "game.txt"), filepath.Join(dir, "b.sbk")
	os.WriteFile(obf, []byte(ffo1+"\n"), 0o644)
	os.WriteFile(game, []byte("f5d6c3\n"), 0o644)
	if code, _, errOut := runSable(t, "", "book", "seed", "--out", bk, "--min-games", "1", game); code != 0 {
		t.Fatalf("book seed: exit %d: %s", code, errOut)
	}
	// The protocols take at most 65536 MB.
	if search.CheckTableFits(1<<16, 0) != nil {
		if code, _, errOut := runSable(t, "quit\n", "--hash", "65536"); code != 1 || !strings.Contains(errOut, "sable: hash 65536: at most ") {
			t.Errorf("sable --hash 65536: exit %d, stderr %q; want 1 and the most that fits", code, errOut)
		}
	}
	for _, args := range [][]string{
		{"bench", "--hash", huge},
		{"solve", "--hash", huge, obf},
		{"eval", "--depth", "2", "--hash", huge, obf},
		{"review", "--hash", huge, game},
		{"book", "evaluate", "--book", bk, "--depth", "2", "--hash", huge},
	} {
		code, _, errOut := runSable(t, "", args...)
		if code != 1 || !strings.Contains(errOut, "hash "+huge+": at most ") || !strings.Contains(errOut, " MB fit in the memory available") {
			t.Errorf("sable %s: exit %d, stderr %q; want 1 and the most that fits", strings.Join(args, " "), code, errOut)
		}
	}
}
