package match

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/sable-othello/sable/record"
)

func TestParseEngineConfig(t *testing.T) {
	tests := []struct {
		name   string
		fields []string
		want   EngineConfig
		err    string
	}{
		{name: "command only takes its base name", fields: []string{"cmd=/usr/games/gtp-rhino -l 3"},
			want: EngineConfig{Name: "gtp-rhino", Command: []string{"/usr/games/gtp-rhino", "-l", "3"}}},
		{name: "every option", fields: []string{"name=ed", `cmd=edax -nboard -q "a b"`, "proto=nboard", "dir=/tmp",
			"init=set contempt 0; ;x", "margin=100ms", "tc=60+0.5", "depth=6"},
			want: EngineConfig{Name: "ed", Command: []string{"edax", "-nboard", "-q", "a b"}, Protocol: NBoard, Dir: "/tmp",
				Init: []string{"set contempt 0", "x"}, Margin: 100 * time.Millisecond,
				Clock: record.TimeControl{Main: 60 * time.Second, Increment: 500 * time.Millisecond}, Depth: 6}},
		{name: "later fields override earlier ones", fields: []string{"tc=1/2", "margin=1", "cmd=x", "tc=inf"},
			want: EngineConfig{Name: "x", Command: []string{"x"}, Margin: time.Second}},
		{name: "no command", fields: []string{"name=a"}, err: "no cmd="},
		{name: "unknown key", fields: []string{"cmd=x", "colour=red"}, err: `unknown engine option "colour"`},
		{name: "not key=value", fields: []string{"cmd=x", "fast"}, err: `"fast": want KEY=VALUE`},
		{name: "bad protocol", fields: []string{"cmd=x", "proto=uci"}, err: `proto="uci": unknown protocol "uci"`},
		{name: "bad margin", fields: []string{"cmd=x", "margin=soon"}, err: `margin="soon"`},
		{name: "depth for GTP", fields: []string{"cmd=x", "depth=4"}, err: "GTP has no standard depth command"},
		{name: "moves/time for NBoard", fields: []string{"cmd=x", "proto=nboard", "tc=40/60"}, err: "clock 40/60 cannot be sent"},
		{name: "brackets and backslashes in a name", fields: []string{"cmd=x", `name=a[1]\b`},
			want: EngineConfig{Name: `a[1]\b`, Command: []string{"x"}}},
		{name: "line break in name", fields: []string{"cmd=x", "name=a\nb"}, err: "no line breaks"},
		{name: "unclosed quote", fields: []string{`cmd=x "y`}, err: "unclosed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseEngineConfig(tt.fields)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want one with %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got.Name != tt.want.Name || !slices.Equal(got.Command, tt.want.Command) || got.Protocol != tt.want.Protocol ||
				got.Dir != tt.want.Dir || !slices.Equal(got.Init, tt.want.Init) || got.Margin != tt.want.Margin ||
				got.Clock != tt.want.Clock || got.Depth != tt.want.Depth {
				t.Errorf("got %+v\nwant %+v", got, tt.want)
			}
		})
	}
}
