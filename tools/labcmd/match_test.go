package labcmd

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

func TestTakeGroupsSplitsMultiWordOptions(t *testing.T) {
	args := []string{"--games", "10", "--engine", "name=a", "cmd=x -l 3", "-engine", "cmd=y", "--each", "tc=1/2",
		"--sprt", "elo0=0", "elo1=5", "--results", "r.ggf"}
	g, rest, err := takeGroups(args)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.engines) != 2 || !slices.Equal(g.engines[0], []string{"name=a", "cmd=x -l 3"}) || !slices.Equal(g.engines[1], []string{"cmd=y"}) ||
		!slices.Equal(g.each, []string{"tc=1/2"}) || !slices.Equal(g.sprt, []string{"elo0=0", "elo1=5"}) ||
		!slices.Equal(rest, []string{"--games", "10", "--results", "r.ggf"}) {
		t.Errorf("got %+v, rest %v", g, rest)
	}
}

func TestRunMatchRejectsBadArguments(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--engine", "cmd=x"}, "at least two --engine options, got 1"},
		{[]string{"--engine"}, "--engine needs KEY=VALUE words"},
		{[]string{"--engine", "cmd=x", "--engine", "cmd=y", "--order", "sideways"}, `unknown --order "sideways"`},
		{[]string{"--engine", "cmd=x", "--engine", "cmd=y", "--openings", "generate:8"}, "needs --games"},
		{[]string{"--engine", "cmd=x", "--engine", "cmd=y", "--rules", "classic"}, "embedded openings are Othello openings"},
		{[]string{"--engine", "cmd=x", "--engine", "cmd=y", "--sprt", "elo0=1", "elo1=0"}, "elo1 0 must exceed elo0 1"},
		{[]string{"--engine", "cmd=x", "--engine", "cmd=y", "--openings", "/nonexistent.txt"}, "/nonexistent.txt"},
		{[]string{"--scoring", "most"}, `unknown scoring "most"`},
		{[]string{"extra"}, `unexpected argument "extra"`},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		if code := runMatch(tt.args, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("%v: exit %d, stderr %q; want 2 and %q", tt.args, code, stderr.String(), tt.want)
		}
	}
}

func TestRunMatchGeneratesOpenings(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := runMatch([]string{"--gen-openings", "3", "--depth", "2", "--seed", "5"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	lines := strings.Split(strings.TrimSpace(stdout.String()), "\n")
	if len(lines) != 5 || !strings.HasPrefix(lines[1], "# Made by: sable match --gen-openings 3 --plies 8 --window 2 --depth 2 --seed 5") || len(lines[4]) != 16 {
		t.Errorf("output:\n%s", stdout.String())
	}
}
