package protocol

import (
	"os"
	"path/filepath"
	"testing"
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
