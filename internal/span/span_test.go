package span

import "testing"

func TestParseReadsWhatStringWrites(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Span
	}{{"7", Span{7, 7}}, {"21-24", Span{21, 24}}, {"0-60", Span{0, 60}}, {"0", Span{0, 0}}} {
		got, err := Parse(tc.in, 60)
		if err != nil || got != tc.want {
			t.Errorf("Parse(%q) = %v, %v; want %v", tc.in, got, err, tc.want)
		}
		if got.String() != tc.in {
			t.Errorf("%v writes as %q, want %q", got, got.String(), tc.in)
		}
	}
	for _, bad := range []string{"", "-", "a", "3-", "-3", "5-4", "0-61", "61", "1-2-3", " 4"} {
		if s, err := Parse(bad, 60); err == nil {
			t.Errorf("Parse(%q) = %v, want an error", bad, s)
		}
	}
	if _, err := Parse("15", 14); err == nil {
		t.Error("15 passed a limit of 14")
	}
}

func TestContainsBothEnds(t *testing.T) {
	s := Span{21, 24}
	for x, want := range map[int]bool{20: false, 21: true, 23: true, 24: true, 25: false} {
		if s.Contains(x) != want {
			t.Errorf("%v contains %d: %v, want %v", s, x, !want, want)
		}
	}
}
