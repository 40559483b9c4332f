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

// A controller of a 1 s + 0.05 s game tells GTP engines "time_settings 1 0 0"
// and whole seconds left, rounded down: "time_left b 0 0" with up to a second
// on the clock. The clock must budget on what it can prove is left, never on
// more than is left, and not on nothing.
func TestTimeLeftOfZeroKeepsWhatTheIncrementsProve(t *testing.T) {
	var c gameClock
	c.settings(time.Second, 0, 0)
	const inc = 50 * time.Millisecond
	truth := time.Second
	zeros := 0
	for move := 1; move <= 60; move++ {
		got := c.limit(bitboard.Black)
		if got.Remaining > truth {
			t.Fatalf("move %d: budgets on %v with %v left", move, got.Remaining, truth)
		}
		if truth < time.Second && truth > 300*time.Millisecond {
			zeros++
			if got.Remaining < truth/4 || got.Increment <= 0 {
				t.Fatalf("move %d: budgets on %+v with %v left", move, got, truth)
			}
		}
		// Book moves take no time, then searches more than the increment.
		used := time.Duration(0)
		if move > 20 {
			used = 80 * time.Millisecond
		}
		c.spend(bitboard.Black, used)
		// The controller also counts the round trip.
		truth += inc - used - 2*time.Millisecond
		c.timeLeft(bitboard.Black, truth.Truncate(time.Second), 0)
	}
	if zeros == 0 {
		t.Fatal("the game never came under a second")
	}
}
