package main

import (
	"strings"
	"testing"
)

func TestHelpListsEverySubcommandAndTheEngineFlags(t *testing.T) {
	for _, h := range []string{"help", "--help", "-h"} {
		code, out, errOut := runSable(t, "", h)
		if code != 0 {
			t.Fatalf("sable %s: exit %d\n%s", h, code, errOut)
		}
		for _, c := range commands {
			if !strings.Contains(out, "\n  "+c.Name+" ") {
				t.Errorf("sable %s does not list %s:\n%s", h, c.Name, out)
			}
		}
		for _, flag := range []string{"-level", "-book", "-hash", "-protocol"} {
			if !strings.Contains(out, "\n  "+flag+" ") {
				t.Errorf("sable %s does not list the engine flag %s:\n%s", h, flag, out)
			}
		}
	}
}

func TestEverySubcommandExplainsItselfTheSameWay(t *testing.T) {
	for _, c := range commands {
		for _, args := range [][]string{{c.Name, "--help"}, {c.Name, "-h"}, {"help", c.Name}} {
			code, out, errOut := runSable(t, "", args...)
			if code != 0 || !strings.HasPrefix(out, "usage: sable "+c.Name+" ") || errOut != "" {
				t.Errorf("sable %s: exit %d, stdout %.60q, stderr %.60q; want 0 and the usage on stdout", strings.Join(args, " "), code, out, errOut)
			}
		}
		code, out, errOut := runSable(t, "", c.Name, "--no-such-flag")
		if code != 2 || out != "" || !strings.Contains(errOut, "no-such-flag") || !strings.Contains(errOut, "usage: sable "+c.Name+" ") {
			t.Errorf("sable %s --no-such-flag: exit %d, stderr %.80q; want 2 with the error and the usage", c.Name, code, errOut)
		}
	}
	if code, _, errOut := runSable(t, "", "help", "nosuch"); code != 2 || !strings.Contains(errOut, `unknown command "nosuch"`) {
		t.Errorf("sable help nosuch: exit %d, stderr %q", code, errOut)
	}
}

func TestVersionIsTheOneGTPAnswers(t *testing.T) {
	code, out, _ := runSable(t, "", "--version")
	v, ok := strings.CutPrefix(strings.TrimSpace(out), "sable ")
	if code != 0 || !ok || v == "" {
		t.Fatalf("sable --version: exit %d, %q", code, out)
	}
	_, gtp, _ := runSable(t, "version\nquit\n", "--no-book")
	if want := "= " + v + "\n\n"; !strings.HasPrefix(gtp, want) {
		t.Errorf("GTP version answers %q, sable --version says %q", gtp, v)
	}
}
