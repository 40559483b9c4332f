package peer

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// missing is a program no machine has.
const missing = "sable-no-such-peer"

// TestAMissingPeerSkipsButFailsUnderCI runs itself as a child that asks
// for a missing peer, with and without CI=true, and reads how the child
// ended.
func TestAMissingPeerSkipsButFailsUnderCI(t *testing.T) {
	if os.Getenv("SABLE_PEER_CHILD") != "" {
		Path(t, "nothing", missing)
		return
	}
	for ci, want := range map[string]string{"": "--- SKIP", "true": "--- FAIL"} {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAMissingPeerSkipsButFailsUnderCI$", "-test.v")
		cmd.Env = append(os.Environ(), "SABLE_PEER_CHILD=1", "CI="+ci)
		out, err := cmd.CombinedOutput()
		if (err != nil) != (ci == "true") || !strings.Contains(string(out), want) || !strings.Contains(string(out), missing+" is not installed") {
			t.Errorf("CI=%q: %v\n%s\nwant %s naming the program", ci, err, out, want)
		}
	}
}

func TestAPeerIsFoundOnThePathByItsFirstPresentName(t *testing.T) {
	dir := t.TempDir()
	want := filepath.Join(dir, missing)
	if err := os.WriteFile(want, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	if got := Path(t, "nothing", "sable-other-missing-peer", missing); got != want {
		t.Errorf("Path = %q, want %s", got, want)
	}
}
