package review

import "testing"

func TestThresholds(t *testing.T) {
	th, err := ParseThresholds("1, 3,10")
	if err != nil {
		t.Fatal(err)
	}
	for loss, want := range map[int]Mark{0: Good, 1: Inaccuracy, 2: Inaccuracy, 3: Mistake, 9: Mistake, 10: Blunder, 64: Blunder} {
		if got := th.Mark(loss); got != want {
			t.Errorf("Mark(%d) = %v, want %v", loss, got, want)
		}
	}
	for _, bad := range []string{"", "1,2", "2,2,3", "0,1,2", "1,2,x", "3,2,1"} {
		if _, err := ParseThresholds(bad); err == nil {
			t.Errorf("ParseThresholds(%q): no error", bad)
		}
	}
	if th, _ := ParseThresholds(DefaultThresholds().String()); th != DefaultThresholds() {
		t.Errorf("the default thresholds do not read back: %v", th)
	}
}
