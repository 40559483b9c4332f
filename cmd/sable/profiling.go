package main

import (
	"errors"
	"flag"
	"os"
	"path/filepath"

	"github.com/pkg/profile"
)

// profileFlags are the --cpuprofile and --memprofile switches shared by the
// long-running subcommands.
type profileFlags struct {
	cpu, mem string
}

func (pf *profileFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&pf.cpu, "cpuprofile", "", "write a CPU profile to `FILE`")
	fs.StringVar(&pf.mem, "memprofile", "", "write a memory profile to `FILE`")
}

// check refuses what pkg/profile cannot do: it runs one profile at a time.
func (pf *profileFlags) check() error {
	if pf.cpu != "" && pf.mem != "" {
		return errors.New("--cpuprofile and --memprofile cannot be combined: run twice")
	}
	return nil
}

// start begins the requested profiling; the returned function ends it and
// moves the profile to the file asked for. pkg/profile writes a fixed name
// (cpu.pprof, mem.pprof) into a directory, so it gets a private one.
func (pf *profileFlags) start() (stop func(), err error) {
	mode, file, name := profile.CPUProfile, pf.cpu, "cpu.pprof"
	if pf.mem != "" {
		mode, file, name = profile.MemProfile, pf.mem, "mem.pprof"
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
