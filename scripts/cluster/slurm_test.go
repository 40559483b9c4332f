package cluster

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// TestSlurmArrayMatchesOneMachine runs slurm-test.sh: a real one-node Slurm
// cluster, 4-task arrays with one task killed and re-run alone, and the
// merged files compared with a single machine's. It needs root and the
// Debian packages munge, slurmctld and slurmd (.ci/run installs them); the
// script skips without them, except under CI=true.
func TestSlurmArrayMatchesOneMachine(t *testing.T) {
	if testing.Short() {
		t.Skip("starts Slurm daemons; skipped with -short")
	}
	sable := filepath.Join(t.TempDir(), "sable")
	if out, err := exec.Command("go", "build", "-o", sable, "../../cmd/sable").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	cmd := exec.Command("bash", "slurm-test.sh")
	cmd.Env = append(os.Environ(), "SABLE="+sable)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if errors.As(err, &exit) && exit.ExitCode() == 77 {
		t.Skipf("%s", out)
	}
	if err != nil {
		t.Fatalf("slurm-test.sh: %v\n%s", err, out)
	}
	t.Logf("%s", out)
}
