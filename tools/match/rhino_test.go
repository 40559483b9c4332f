package match

import (
	"testing"
	"time"

	"github.com/sable-othello/sable/internal/peer"
	"github.com/sable-othello/sable/record"
)

// TestRhinoAgainstRhino plays gtp-rhino (Debian package grhino), a GTP
// Othello engine written by someone else, against itself: one normal
// opening and one that ends in a forced pass, which gtp-rhino refuses as an
// explicit "play b pass" and inserts by itself.
func TestRhinoAgainstRhino(t *testing.T) {
	rhino := peer.Path(t, "grhino", "gtp-rhino")
	clock := record.TimeControl{Main: 60 * time.Second, Increment: time.Second}
	m, log := newTestMatch(t, 4,
		EngineConfig{Name: "rhino-a", Command: []string{rhino, "--level=1"}, Clock: clock},
		EngineConfig{Name: "rhino-b", Command: []string{rhino, "--level=1", "--rand=2"}, Clock: clock})
	m.Openings = mustOpenings(t, testOpenings[0], passOpening)
	m.Concurrency = 2
	rep := runMatch(t, m)
	recs := readRecords(t, m)
	if len(recs) != 4 || rep.Games != 4 {
		t.Fatalf("%d games written, %d counted; want 4", len(recs), rep.Games)
	}
	for _, r := range recs {
		if r.forfeit != 0 {
			t.Errorf("game %d: %s\n%s", r.index, r.result(), log.String())
		}
	}
}
