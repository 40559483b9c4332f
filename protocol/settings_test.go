package protocol

import (
	"io"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
)

func TestSettingsRoundTripThroughSetAndGet(t *testing.T) {
	st := DefaultSettings()
	for _, c := range []struct{ name, value string }{
		{"rules", "classic"}, {"scoring", "wof"}, {"depth", "7"}, {"level", "21"},
		{"time", "2.5"}, {"threads", "3"}, {"hash", "16"},
	} {
		if err := st.Set(c.name, c.value); err != nil {
			t.Fatal(err)
		}
		if got, _ := st.Get(c.name); got != c.value {
			t.Errorf("%s: set %q, got %q", c.name, c.value, got)
		}
	}
	if st.MoveTime != 2500*time.Millisecond || st.Rules != (bitboard.Rules{Variant: bitboard.Classic, Scoring: bitboard.WOF}) {
		t.Fatalf("settings %+v", st)
	}
}

func TestChoosingRulesBringsTheirScoring(t *testing.T) {
	st := DefaultSettings()
	st.Set("rules", "classic")
	if st.Rules.Scoring != bitboard.Discs {
		t.Fatal("classic Reversi counts discs by default")
	}
}

func TestBadSettingsAreRefusedAndNamed(t *testing.T) {
	st := DefaultSettings()
	before := st
	for _, c := range [][2]string{
		{"rules", "go"}, {"scoring", "elo"}, {"depth", "-1"}, {"level", "61"}, {"time", "NaN"},
		{"time", "-2"}, {"threads", "x"}, {"hash", "0"},
	} {
		err := st.Set(c[0], c[1])
		if err == nil || !strings.Contains(err.Error(), c[1]) {
			t.Errorf("Set(%q, %q): error %v should name the value", c[0], c[1], err)
		}
	}
	if err := st.Set("colour", "blue"); err == nil || !strings.Contains(err.Error(), "colour") {
		t.Errorf("an unknown setting should be named: %v", err)
	}
	if st != before {
		t.Fatal("refused settings changed something")
	}
}

func TestNamingTheCurrentRulesKeepsTheScoring(t *testing.T) {
	st := DefaultSettings()
	st.Set("scoring", "discs")
	st.Set("rules", "othello")
	if st.Rules.Scoring != bitboard.Discs {
		t.Fatal("rules othello while playing Othello should keep disc scoring")
	}
}

func TestAHashThatCannotFitIsRefusedNamingTheMost(t *testing.T) {
	avail, ok := availableMemoryMB()
	if !ok || avail+1024 > maxHashMB {
		t.Skipf("needs /proc/meminfo and under %d MB available (have %d, %v)", maxHashMB, avail, ok)
	}
	got := serveText(t, "sable-hash "+strconv.Itoa(maxHashMB)+"\nsable-hash\n", goldenSettings(GTP))
	if !strings.HasPrefix(got, "? hash 65536: at most ") || !strings.HasSuffix(got, "\n\n= 4\n\n") {
		t.Fatalf("got %q", got)
	}
	st := goldenSettings(GTP)
	st.HashMB = maxHashMB
	if err := Serve(strings.NewReader("name\n"), io.Discard, Config{Settings: st}); err == nil || !strings.Contains(err.Error(), "at most") {
		t.Fatalf("--hash %d at start: %v", maxHashMB, err)
	}
}
