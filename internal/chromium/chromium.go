// Package chromium finds Debian's Chromium for the tests that check pages
// in a real browser.
package chromium

import (
	"os"
	"os/exec"
	"testing"
)

// Path returns the path of Chromium, skipping the test when it is absent,
// except on CI (CI=true), which installs it (scripts/install-peers.sh) and
// where its absence fails the test.
func Path(t testing.TB) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("chromium is not installed; scripts/install-peers.sh installs it on CI")
	}
	t.Skip("chromium is not on PATH: install Debian's chromium package (scripts/install-peers.sh) to check the page in a browser")
	return ""
}

// Flags returns the switches of a headless Chromium that makes no request
// of its own (updates, sync), so that every request comes from the page
// under test.
func Flags() []string {
	return []string{"headless", "no-sandbox", "disable-gpu", "disable-quic", "no-first-run",
		"disable-background-networking", "disable-component-update", "disable-sync"}
}
