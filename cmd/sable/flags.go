package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/pkg/profile"

	"github.com/sable-othello/sable/eval"
)

// errUsage marks an error already reported with the command's usage: the
// command exits with status 2.
var errUsage = errors.New("bad usage")

// badValue is the error of a flag whose value cannot be used (a weights
// file that cannot be read): the command prints it and exits with status
// 2, without the usage.
type badValue struct{ error }

// flagSet is the flag set of one subcommand. Every subcommand builds its
// flags with it, so that they all explain themselves the same way:
// "sable CMD --help" prints the usage on stdout and exits 0, a bad flag
// prints the error and the usage on stderr and exits 2.
type flagSet struct {
	*flag.FlagSet
	name     string // "bench", "book seed"
	synopsis string // the arguments after the name
	about    string // what the command does, printed before the flags
	stdout   io.Writer
	stderr   io.Writer

	cpu, mem string // --cpuprofile and --memprofile
}

// newFlagSet returns the flag set of "sable NAME SYNOPSIS" (name is empty
// for the protocol mode). about, when not empty, is printed between the
// usage line and the flags.
func newFlagSet(name, synopsis, about string, stdout, stderr io.Writer) *flagSet {
	f := &flagSet{FlagSet: flag.NewFlagSet(name, flag.ContinueOnError), name: name, synopsis: synopsis,
		about: about, stdout: stdout, stderr: stderr}
	f.SetOutput(stderr)
	f.Usage = func() { f.printUsage(f.Output()) }
	return f
}

// prog is the command line's start: "sable bench", or "sable".
func (f *flagSet) prog() string {
	return strings.TrimSpace("sable " + f.name)
}

// printUsage writes the usage line, the description and the flags.
func (f *flagSet) printUsage(w io.Writer) {
	fmt.Fprintf(w, "usage: %s %s\n", f.prog(), f.synopsis)
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

// profiling adds the --cpuprofile and --memprofile switches.
func (f *flagSet) profiling() {
	f.StringVar(&f.cpu, "cpuprofile", "", "write a CPU profile to `FILE` (read it with go tool pprof)")
	f.StringVar(&f.mem, "memprofile", "", "write a memory profile to `FILE`")
}

// evalFlag is the --eval flag, one definition with one meaning for every
// command that evaluates: a pattern weights file, "simple" (the hand-written
// evaluation), or by default the embedded weights.
type evalFlag struct{ spec string }

// addEval adds --eval to the flag set.
func (f *flagSet) addEval() *evalFlag {
	e := &evalFlag{}
	f.StringVar(&e.spec, "eval", "", "evaluation: a pattern weights `FILE`, or simple (the hand-written one) (default: the embedded weights)")
	return e
}

// load returns the evaluation and its name (eval.Load); an unusable value
// is a badValue error.
func (e *evalFlag) load() (eval.Evaluator, string, error) {
	ev, name, err := eval.Load(e.spec)
	if err != nil {
		return nil, "", badValue{fmt.Errorf("--eval: %w", err)}
	}
	return ev, name, nil
}

// parse parses args. On --help it prints the usage on stdout and returns
// flag.ErrHelp; on a bad flag it prints the error and the usage on stderr
// and returns errUsage.
func (f *flagSet) parse(args []string) error {
	var buf bytes.Buffer
	f.SetOutput(&buf)
	err := f.Parse(args)
	f.SetOutput(f.stderr)
	switch {
	case errors.Is(err, flag.ErrHelp):
		f.stdout.Write(buf.Bytes())
		return flag.ErrHelp
	case err != nil:
		f.stderr.Write(buf.Bytes())
		return errUsage
	case f.cpu != "" && f.mem != "":
		// pkg/profile runs one profile at a time.
		return f.usageError("--cpuprofile and --memprofile cannot be combined: run twice")
	}
	return nil
}

// usageError prints "sable NAME: message" and the usage on stderr, and
// returns errUsage.
func (f *flagSet) usageError(format string, a ...any) error {
	fmt.Fprintf(f.stderr, "%s: %s\n", f.prog(), fmt.Sprintf(format, a...))
	f.printUsage(f.stderr)
	return errUsage
}

// exit returns the exit status of a command that ended with err: 0 for
// none or --help, 2 for a usage error (already reported), and 1 for any
// other error, which it prints as "sable NAME: error".
func (f *flagSet) exit(err error) int {
	switch {
	case err == nil, errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		return 2
	case errors.As(err, new(badValue)):
		fmt.Fprintf(f.stderr, "%s: %v\n", f.prog(), err)
		return 2
	}
	fmt.Fprintf(f.stderr, "%s: %v\n", f.prog(), err)
	return 1
}

// startProfile begins the profile that the flags ask for, if any; the
// returned function ends it and moves it to the file asked for. pkg/profile
// writes a fixed name (cpu.pprof, mem.pprof) into a directory, so it gets a
// private one beside the file.
func (f *flagSet) startProfile() (stop func(), err error) {
	mode, file, name := profile.CPUProfile, f.cpu, "cpu.pprof"
	if f.mem != "" {
		mode, file, name = profile.MemProfile, f.mem, "mem.pprof"
	}
	if file == "" {
		return func() {}, nil
	}
	dir, err := os.MkdirTemp(filepath.Dir(file), ".profile-")
	if err != nil {
		return nil, err
	}
	p := profile.Start(mode, profile.ProfilePath(dir), profile.Quiet, profile.NoShutdownHook)
	return func() {
		p.Stop()
		if err := os.Rename(filepath.Join(dir, name), file); err == nil {
			os.Remove(dir)
		}
	}, nil
}

// run carries out a command's work under the profile its flags ask for,
// with a context that Ctrl-C or SIGTERM cancels, so that long work stops
// cleanly and keeps what it saved; it returns the exit status.
func (f *flagSet) run(work func(ctx context.Context) error) int {
	stop, err := f.startProfile()
	if err != nil {
		return f.exit(err)
	}
	defer stop()
	ctx, cancel := interruptContext()
	defer cancel()
	return f.exit(work(ctx))
}

// interruptContext returns a context that Ctrl-C or SIGTERM (what a
// container runtime sends) cancels, for every command's long work; cancel
// restores the default handling.
func interruptContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}
