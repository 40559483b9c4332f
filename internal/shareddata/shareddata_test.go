package shareddata

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

func TestMissingSharedDataSkipsButFailsUnderCI(t *testing.T) {
	top := t.TempDir()
	repo := filepath.Join(top, "repo")
	os.MkdirAll(filepath.Join(repo, "pkg"), 0o755)
	os.WriteFile(filepath.Join(repo, "go.mod"), []byte("module x\n"), 0o644)
	t.Chdir(filepath.Join(repo, "pkg"))

	t.Setenv("CI", "")
	r := &recorder{TB: t}
	if Path(r, "ffo/x.obf"); !r.skipped || r.failed {
		t.Errorf("without CI: skipped %v, failed %v; want a skip", r.skipped, r.failed)
	}
	t.Setenv("CI", "true")
	r = &recorder{TB: t}
	if Path(r, "ffo/x.obf"); !r.failed {
		t.Errorf("under CI=true a missing file did not fail the test")
	}

	want := filepath.Join(top, "shared", "data", "ffo", "x.obf")
	os.MkdirAll(filepath.Dir(want), 0o755)
	os.WriteFile(want, nil, 0o644)
	r = &recorder{TB: t}
	got := Path(r, "ffo/x.obf")
	if r.skipped || r.failed {
		t.Fatalf("present file: skipped %v, failed %v", r.skipped, r.failed)
	}
	if gi, err1 := os.Stat(got); err1 != nil || !os.SameFile(gi, mustStat(t, want)) {
		t.Errorf("Path = %s, want %s", got, want)
	}
}

func mustStat(t *testing.T, p string) os.FileInfo {
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return fi
}
