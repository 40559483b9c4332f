package protocol

import (
	"testing"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/search"
)

func TestTimeSettingsWithByoyomiAndNoStonesMeanNoLimit(t *testing.T) {
	var c gameClock
	for _, s := range [][3]int{{0, 1, 0}, {300, 5, 0}, {0, 0, 0}} {
		if err := c.settings(time.Duration(s[0])*time.Second, time.Duration(s[1])*time.Second, s[2]); err != nil {
			t.Fatal(err)
		}
		if got := c.limit(bitboard.Black); got != (search.Clock{}) {
			t.Errorf("time_settings %v: clock %+v, want none", s, got)
		}
	}
}

func TestAbsoluteTimeIsTheRemainingTime(t *testing.T) {
	var c gameClock
	c.settings(300*time.Second, 0, 0)
	if got := c.limit(bitboard.White); got != (search.Clock{Remaining: 300 * time.Second}) {
		t.Fatalf("clock %+v", got)
	}
	c.spend(bitboard.White, 299*time.Second)
	c.spend(bitboard.White, 5*time.Second)
	if got := c.limit(bitboard.White); got.Remaining <= 0 {
		t.Fatalf("an exhausted absolute clock must still bound the search: %+v", got)
	}
	if got := c.limit(bitboard.Black); got.Remaining != 300*time.Second {
		t.Fatalf("Black's clock moved: %+v", got)
	}
}

func TestTimeLeftDrivesTheClockInMainTimeAndByoyomi(t *testing.T) {
	var c gameClock
	c.settings(600*time.Second, 30*time.Second, 5)
	c.timeLeft(bitboard.Black, 123*time.Second, 0)
	if got := c.limit(bitboard.Black); got != (search.Clock{Remaining: 123 * time.Second, Byoyomi: 30 * time.Second, Stones: 5}) {
		t.Fatalf("main time: %+v", got)
	}
	c.timeLeft(bitboard.Black, 12*time.Second, 3)
	if got := c.limit(bitboard.Black); got != (search.Clock{Byoyomi: 12 * time.Second, Stones: 3}) {
		t.Fatalf("byo-yomi: %+v", got)
	}
}

func TestOwnCountingEntersAndRefillsByoyomi(t *testing.T) {
	var c gameClock
	c.settings(10*time.Second, 20*time.Second, 2)
	c.spend(bitboard.Black, 11*time.Second)
	if got := c.limit(bitboard.Black); got != (search.Clock{Byoyomi: 20 * time.Second, Stones: 2}) {
		t.Fatalf("after main time: %+v", got)
	}
	c.spend(bitboard.Black, 5*time.Second)
	if got := c.limit(bitboard.Black); got != (search.Clock{Byoyomi: 15 * time.Second, Stones: 1}) {
		t.Fatalf("one stone played: %+v", got)
	}
	c.spend(bitboard.Black, 5*time.Second)
	if got := c.limit(bitboard.Black); got != (search.Clock{Byoyomi: 20 * time.Second, Stones: 2}) {
		t.Fatalf("period done, refilled: %+v", got)
	}
	c.restart()
	if got := c.limit(bitboard.Black); got.Remaining != 10*time.Second {
		t.Fatalf("clear_board restores the main time: %+v", got)
	}
}

func TestSettingsWithoutBoundsSearchAtTheDefaultLevel(t *testing.T) {
	st := DefaultSettings()
	if got := st.moveLimits(search.Clock{}); got != (search.Limits{Level: DefaultLevel}) {
		t.Fatalf("limits %+v", got)
	}
	clock := search.Clock{Remaining: time.Minute}
	if got := st.moveLimits(clock); got != (search.Limits{Clock: clock}) {
		t.Fatalf("a clock alone bounds the move: %+v", got)
	}
}
