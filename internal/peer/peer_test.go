package peer

import (
	"os"
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records a skip or a failure instead of
// ending the test.
type recorder struct {
	testing.TB
	skipped, failed bool
}

func (r *recorder) Helper()                        {}
func (r *recorder) Skipf(format string, a ...any)  { r.skipped = true }
func (r *recorder) Fatalf(format string, a ...any) { r.failed = true }

func TestAMissingPeerSkipsButFailsUnderCI(t *testing.T) {
	const name = "sable-no-such-peer"
	t.Setenv("CI", "")
	r := &recorder{TB: t}
	if Path(r, "nothing", name); !r.skipped || r.failed {
		t.Errorf("without CI: skipped %v, failed %v; want a skip", r.skipped, r.failed)
	}
	t.Setenv("CI", "true")
	r = &recorder{TB: t}
	if Path(r, "nothing", name); !r.failed {
		t.Errorf("under CI=true a missing peer did not fail the test")
	}
	// One on PATH is found, the first of the names that is.
	dir := t.TempDir()
	want := filepath.Join(dir, name)
	if err := os.WriteFile(want, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
	r = &recorder{TB: t}
	if got := Path(r, "nothing", "sable-other-missing-peer", name); got != want || r.skipped || r.failed {
		t.Errorf("Path = %q (skipped %v, failed %v), want %s", got, r.skipped, r.failed, want)
	}
}
