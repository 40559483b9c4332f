package labcmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// bookGames is a file of openings, one transcript a line, with a comment
// and one bad game.
const bookGames = `# openings
f5d6c3d3c4f4f6f3e6e7
f5d6c3d3c4f4f6f3e6e7d7
f5d6c4d3c5f4e3f6
d3c3f5f4b3f6g6e3f7c5f3b2
f5d6c5f6e3c3d3b4f7f3b6b5
f5f5
`

// runBookCmd runs "sable book ARGS" and fails the test on a non-zero exit.
func runBookCmd(t *testing.T, args ...string) string {
	t.Helper()
	var stdout, stderr bytes.Buffer
	if code := runBook(args, &stdout, &stderr); code != 0 {
		t.Fatalf("sable book %s: exit %d\n%s", strings.Join(args, " "), code, stderr.String())
	}
	return stdout.String() + stderr.String()
}

func TestBookCommandsBuildShardAndMergeTheSameBook(t *testing.T) {
	dir := t.TempDir()
	at := func(name string) string { return filepath.Join(dir, name) }
	os.WriteFile(at("games.txt"), []byte(bookGames), 0o644)

	out := runBookCmd(t, "seed", "--out", at("seed.sbk"), "--plies", "8", "--min-games", "1", at("games.txt"))
	if !strings.Contains(out, "skipped 1 bad games; the first: "+at("games.txt")+": game 6: move 2: illegal move f5") {
		t.Errorf("seed did not report the bad game 6:\n%s", out)
	}
	search := []string{"--depth", "3", "--window", "0", "--plies", "8"}
	runBookCmd(t, append([]string{"expand", "--book", at("seed.sbk"), "--out", at("whole.sbk")}, search...)...)
	// Two shards, merged after each round, as on two machines.
	runBookCmd(t, "merge", "--out", at("merged.sbk"), at("seed.sbk"))
	for round := 0; ; round++ {
		done := true
		for _, sh := range []string{"0", "1"} {
			os.Remove(at("part" + sh + ".sbk"))
			out := runBookCmd(t, append([]string{"expand", "--book", at("merged.sbk"), "--out", at("part" + sh + ".sbk"),
				"--shard", sh + "/2"}, search...)...)
			done = done && strings.Contains(out, "adds 0 positions")
		}
		runBookCmd(t, "merge", "--out", at("merged.sbk"), at("part0.sbk"), at("part1.sbk"))
		if done {
			break
		}
		if round > 40 {
			t.Fatalf("sharded expansion does not end:\n%s", runBookCmd(t, "stats", "--book", at("merged.sbk")))
		}
	}
	whole, _ := os.ReadFile(at("whole.sbk"))
	merged, _ := os.ReadFile(at("merged.sbk"))
	if !bytes.Equal(whole, merged) {
		t.Fatal("the sharded build differs from the whole one")
	}

	stats := runBookCmd(t, "stats", "--book", at("whole.sbk"), "--plies", "4", at("games.txt"))
	if !strings.Contains(stats, "0 waiting for a search") || !strings.Contains(stats, "1..4 100.00%") {
		t.Errorf("stats:\n%s", stats)
	}
	show := runBookCmd(t, "show", "--book", at("whole.sbk"), "f5d6")
	if !strings.Contains(show, "c3") || !strings.Contains(show, "games") {
		t.Errorf("show f5d6 lacks the book move c3:\n%s", show)
	}
}

func TestBookCommandsRefuseBadArguments(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.sbk")
	os.WriteFile(bad, []byte("SABLBOOK garbage"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"bogus"}, 2, `unknown command "bogus"`},
		{[]string{"seed", "x.txt"}, 2, "--out is required"},
		{[]string{"evaluate", "--book", bad}, 2, "set one of depth and level"},
		{[]string{"evaluate", "--book", bad, "--depth", "4", "--shard", "2/2"}, 2, `bad shard "2/2"`},
		{[]string{"evaluate", "--book", bad, "--depth", "4"}, 1, bad},
		{[]string{"stats", "--book", bad}, 1, "book format version"},
	} {
		var stdout, stderr bytes.Buffer
		if code := runBook(tc.args, &stdout, &stderr); code != tc.code || !strings.Contains(stderr.String(), tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want %d and %q", tc.args, code, stderr.String(), tc.code, tc.want)
		}
	}
}
