// Package peer finds the programs that Sable's tests run against (Debian
// packages that scripts/install-peers.sh installs): without one a test
// skips, except under CI=true, where CI installs them and their absence
// fails the test.
package peer

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// debianDirs hold programs that Debian installs outside the usual PATH
// (games, daemons).
var debianDirs = []string{"/usr/games", "/usr/sbin"}

// Path returns the path of the first of the names found on PATH or in
// debianDirs, skipping the test when none is, or failing it under CI=true.
// pkg is the Debian package that brings them.
func Path(t testing.TB, pkg string, names ...string) string {
	t.Helper()
	if path, ok := find(names); ok {
		return path
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is not installed (Debian package %s); scripts/install-peers.sh installs it on CI", names[0], pkg)
	}
	t.Skipf("%s is not installed: install the Debian package %s (scripts/install-peers.sh) to run this test", names[0], pkg)
	return ""
}

// find looks the names up on PATH, then in debianDirs.
func find(names []string) (string, bool) {
	for _, name := range names {
		if path, err := exec.LookPath(name); err == nil {
			return path, true
		}
		for _, dir := range debianDirs {
			if path, err := exec.LookPath(filepath.Join(dir, name)); err == nil {
				return path, true
			}
		}
	}
	return "", false
}
