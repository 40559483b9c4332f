package labcmd

import (
	"strings"
	"testing"
)

// runTool runs "sable ARGS" for the lab subcommand args[0].
func runTool(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	for _, c := range Commands {
		if c.Name == args[0] {
			var out, errOut strings.Builder
			code = c.Run(args[1:], &out, &errOut)
			return code, out.String(), errOut.String()
		}
	}
	t.Fatalf("no lab subcommand %q", args[0])
	return 0, "", ""
}

// ffo1 is FFO position #1 (14 empties) with its best score.
const ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X; G8:+18;"
