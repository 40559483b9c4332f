// Package chromium finds Debian's Chromium for the tests that check pages
// in a real browser.
package chromium

import (
	"testing"

	"github.com/sable-othello/sable/internal/peer"
)

// Path returns the path of Chromium, skipping the test when it is absent,
// except on CI (CI=true), which installs it (scripts/install-peers.sh) and
// where its absence fails the test.
func Path(t testing.TB) string {
	t.Helper()
	return peer.Path(t, "chromium", "chromium", "chromium-browser")
}

// Flags returns the switches of a headless Chromium that makes no request
// of its own (updates, sync), so that every request comes from the page
// under test.
func Flags() []string {
	return []string{"headless", "no-sandbox", "disable-gpu", "disable-quic", "no-first-run",
		"disable-background-networking", "disable-component-update", "disable-sync"}
}
