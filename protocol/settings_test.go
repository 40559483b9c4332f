package protocol

import (
	"errors"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/search"
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
	if search.CheckTableFits(maxHashMB-1024, 0) == nil {
		t.Skipf("needs /proc/meminfo and under %d MB available", maxHashMB-1024)
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

func TestAnEngineThatCannotBeMadeLeavesTheSettingsAsTheyWere(t *testing.T) {
	// The check passed but the engine still cannot be made, as when the
	// memory went elsewhere between the two: the old size is rebuilt.
	var sizes []int
	newEngine := func(o search.Options) (Engine, error) {
		sizes = append(sizes, o.HashMB)
		if o.HashMB == 8 {
			return nil, errors.New("hash 8: at most 6 MB fit in the memory available")
		}
		return newScriptedEngine(o)
	}
	var out strings.Builder
	cfg := Config{Settings: goldenSettings(GTP), NewEngine: newEngine}
	if err := Serve(strings.NewReader("sable-hash 8\nsable-hash\ngenmove b\n"), &out, cfg); err != nil {
		t.Fatal(err)
	}
	if got := out.String(); !strings.HasPrefix(got, "? hash 8: at most 6 MB fit in the memory available\n\n= 4\n\n= ") {
		t.Errorf("got %q; want the error, the old size and a move", got)
	}
	if !slices.Equal(sizes, []int{4, 8, 4}) {
		t.Errorf("engines made with %v MB; want 4, the refused 8, then 4 again", sizes)
	}
}
