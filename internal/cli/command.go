package cli

import "io"

// Command is one subcommand of sable.
type Command struct {
	Name    string
	Summary string // its line in "sable help"
	// Run runs it on the arguments after its name and returns the exit
	// status. It builds its flags with NewFlagSet.
	Run func(args []string, stdout, stderr io.Writer) int
}
