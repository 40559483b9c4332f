// Package shareddata finds the reference data that tests read from the
// shared directory beside the repository checkout (../shared/data: FFO
// positions, perft tables, WTHOR files). Without it such a test skips,
// except under CI=true, where it fails: a CI run must never pass without
// the coverage that data gives.
package shareddata

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// Path returns the path of name (slash-separated, as "ffo/answers.tsv")
// under ../shared/data beside the repository root, the directory of go.mod
// at or above the working directory. When it does not exist the test is
// skipped, or failed when the environment has CI=true.
func Path(t testing.TB, name string) string {
	t.Helper()
	root, err := repoRoot()
	if err == nil {
		p := filepath.Join(root, "..", "shared", "data", filepath.FromSlash(name))
		if _, err = os.Stat(p); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("shared data %s is missing under CI=true: %v", name, err)
	}
	t.Skipf("shared data %s is absent (%v); put the shared directory beside the checkout", name, err)
	return ""
}

// repoRoot returns the nearest directory at or above the working directory
// that holds go.mod.
func repoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}
