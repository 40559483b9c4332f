package search

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sable-othello/sable/eval"
)

func TestAvailableMemoryIsBoundedByTheCgroupLimit(t *testing.T) {
	const meminfo = "MemTotal:       16384000 kB\nMemFree:         1000000 kB\nMemAvailable:    8192000 kB\n"
	for _, c := range []struct {
		name      string
		max, cur  string // cgroup files; "" leaves the file out
		want      int
		wantKnown bool
		noMeminfo bool
	}{
		{name: "no cgroup", want: 8000, wantKnown: true},
		{name: "no limit", max: "max\n", cur: "1048576\n", want: 8000, wantKnown: true},
		{name: "limit below", max: "2147483648\n", cur: "536870912\n", want: 1536, wantKnown: true},
		{name: "limit without usage", max: "1073741824\n", want: 1024, wantKnown: true},
		{name: "limit above", max: "68719476736\n", cur: "0\n", want: 8000, wantKnown: true},
		{name: "usage over the limit", max: "1048576\n", cur: "2097152\n", want: 0, wantKnown: true},
		{name: "garbled limit", max: "lots\n", want: 8000, wantKnown: true},
		{name: "no meminfo", max: "1073741824\n", noMeminfo: true},
	} {
		dir := t.TempDir()
		info := filepath.Join(dir, "meminfo")
		if !c.noMeminfo {
			write(t, info, meminfo)
		}
		cg := filepath.Join(dir, "cgroup")
		if err := os.Mkdir(cg, 0o755); err != nil {
			t.Fatal(err)
		}
		if c.max != "" {
			write(t, filepath.Join(cg, "memory.max"), c.max)
		}
		if c.cur != "" {
			write(t, filepath.Join(cg, "memory.current"), c.cur)
		}
		got, ok := availableMemoryFrom(info, cg)
		if ok != c.wantKnown || got != c.want {
			t.Errorf("%s: %d MB, %v; want %d MB, %v", c.name, got, ok, c.want, c.wantKnown)
		}
	}
}

func write(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestNewRefusesATableBeyondTheMemoryNamingTheMost(t *testing.T) {
	const huge = 1 << 40 // MiB: more than any machine has
	if CheckTableFits(huge, 0) == nil {
		t.Skip("no /proc/meminfo: the memory available is unknown and every size passes")
	}
	e, err := New(Options{HashMB: huge})
	if e != nil || err == nil || !strings.HasPrefix(err.Error(), "hash 1099511627776: at most ") || !strings.HasSuffix(err.Error(), " MB fit in the memory available") {
		t.Fatalf("New with a %d MiB table: %v, %v; want an error naming the most that fits", huge, e, err)
	}
	// A table being given back counts as available.
	if err := CheckTableFits(huge, huge); err != nil {
		t.Errorf("a table of the size being given back is refused: %v", err)
	}
}

func TestNewWithoutAnEvaluationTakesTheEmbeddedWeights(t *testing.T) {
	e := mustNew(t, Options{HashMB: 1})
	defer e.Close()
	p, err := eval.Default()
	if err != nil || e.Options().Eval != eval.Evaluator(p) {
		t.Errorf("the engine evaluates with %T (%v), want the embedded weights", e.Options().Eval, err)
	}
}
