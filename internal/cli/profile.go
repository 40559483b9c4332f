package cli

import (
	"context"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/pkg/profile"
)

// Profiling adds the --cpuprofile and --memprofile switches.
func (f *FlagSet) Profiling() {
	f.StringVar(&f.cpu, "cpuprofile", "", "write a CPU profile to `FILE` (read it with go tool pprof)")
	f.StringVar(&f.mem, "memprofile", "", "write a memory profile to `FILE`")
}

// StartProfile begins the profile that the flags ask for, if any; the
// returned function ends it and moves it to the file asked for. pkg/profile
// writes a fixed name (cpu.pprof, mem.pprof) into a directory, so it gets a
// private one beside the file.
func (f *FlagSet) StartProfile() (stop func(), err error) {
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

// Run carries out a command's work under the profile its flags ask for,
// with a context that Ctrl-C or SIGTERM cancels, so that long work stops
// cleanly and keeps what it saved; it returns the exit status.
func (f *FlagSet) Run(work func(ctx context.Context) error) int {
	stop, err := f.StartProfile()
	if err != nil {
		return f.Exit(err)
	}
	defer stop()
	ctx, cancel := InterruptContext()
	defer cancel()
	return f.Exit(work(ctx))
}

// InterruptContext returns a context that Ctrl-C or SIGTERM (what a
// container runtime sends) cancels, for every command's long work; cancel
// restores the default handling.
func InterruptContext() (context.Context, context.CancelFunc) {
	return signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
}
