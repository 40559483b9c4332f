// Package cli is what every sable subcommand shares, the engine's modes
// (cmd/sable) and the lab's tools (tools/labcmd) alike: the flag set that
// makes them explain themselves the same way, the one --eval flag, the
// --cpuprofile and --memprofile switches, and the Ctrl-C that stops long
// work cleanly.
package cli

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"
)

// ErrUsage marks an error already reported with the command's usage: the
// command exits with status 2.
var ErrUsage = errors.New("bad usage")

// BadValue is the error of a flag whose value cannot be used (a weights
// file that cannot be read): the command prints it and exits with status
// 2, without the usage.
type BadValue struct{ error }

// FlagSet is the flag set of one subcommand. Every subcommand builds its
// flags with it, so that they all explain themselves the same way:
// "sable CMD --help" prints the usage on stdout and exits 0, a bad flag
// prints the error and the usage on stderr and exits 2.
type FlagSet struct {
	*flag.FlagSet
	name     string // "bench", "book seed"
	synopsis string // the arguments after the name
	about    string // what the command does, printed before the flags
	stdout   io.Writer
	stderr   io.Writer

	cpu, mem string // --cpuprofile and --memprofile
}

// NewFlagSet returns the flag set of "sable NAME SYNOPSIS" (name is empty
// for the protocol mode). about, when not empty, is printed between the
// usage line and the flags.
func NewFlagSet(name, synopsis, about string, stdout, stderr io.Writer) *FlagSet {
	f := &FlagSet{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError), name: name, synopsis: synopsis,
		about: about, stdout: stdout, stderr: stderr}
	f.SetOutput(stderr)
	f.Usage = func() { f.PrintUsage(f.Output()) }
	return f
}

// Prog is the command line's start: "sable bench", or "sable".
func (f *FlagSet) Prog() string {
	return strings.TrimSpace("sable " + f.name)
}

// PrintUsage writes the usage line, the description and the flags.
func (f *FlagSet) PrintUsage(w io.Writer) {
	fmt.Fprintf(w, "usage: %s %s\n", f.Prog(), f.synopsis)
	if f.about != "" {
		fmt.Fprintf(w, "\n%s\n", strings.TrimRight(f.about, "\n"))
	}
	n := 0
	f.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprintln(w, "\nFlags:")
		out := f.Output()
		f.SetOutput(w)
		f.PrintDefaults()
		f.SetOutput(out)
	}
}

// Given reports whether the parsed command line set the flag called name,
// whatever its value.
func (f *FlagSet) Given(name string) bool {
	given := false
	f.Visit(func(fl *flag.Flag) { given = given || fl.Name == name })
	return given
}

// Parse parses args. On --help it prints the usage on stdout and returns
// flag.ErrHelp; on a bad flag it prints the error and the usage on stderr
// and returns ErrUsage.
func (f *FlagSet) Parse(args []string) error {
	var buf bytes.Buffer
	f.SetOutput(&buf)
	err := f.FlagSet.Parse(args)
	f.SetOutput(f.stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		f.stdout.Write(buf.Bytes())
		return flag.ErrHelp
	case err != nil:
		f.stderr.Write(buf.Bytes())
		return ErrUsage
	case f.cpu != "" && f.mem != "":
		// pkg/profile runs one profile at a time.
		return f.UsageError("--cpuprofile and --memprofile cannot be combined: run twice")
	}
	return nil
}

// UsageError prints "sable NAME: message" and the usage on stderr, and
// returns ErrUsage.
func (f *FlagSet) UsageError(format string, a ...any) error {
	fmt.Fprintf(f.stderr, "%s: %s\n", f.Prog(), fmt.Sprintf(format, a...))
	f.PrintUsage(f.stderr)
	return ErrUsage
}

// Exit returns the exit status of a command that ended with err: 0 for
// none or --help, 2 for a usage error (already reported), and 1 for any
// other error, which it prints as "sable NAME: error".
func (f *FlagSet) Exit(err error) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, ErrUsage):
		return 2
	case errors.As(err, new(BadValue)):
		fmt.Fprintf(f.stderr, "%s: %v\n", f.Prog(), err)
		return 2
	}
	fmt.Fprintf(f.stderr, "%s: %v\n", f.Prog(), err)
	return 1
}
