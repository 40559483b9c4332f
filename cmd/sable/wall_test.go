package main

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// The wall between the engine and the lab: the engine (the packages below
// and the engine-only binary) depends on nothing but them, the standard
// library and the modules engineModules lists. Building data, books,
// weights and reports (tools/, internal/pool, internal/plotstyle, gonum,
// progressbar, ...) is the lab's, which may use the engine, never the
// other way round.
var (
	engine = []string{"bitboard", "eval", "search", "book", "record", "review", "openings", "protocol", "web", "bench",
		"internal/atomicfile", "internal/cli", "internal/lines", "internal/version", "cmd/sable"}
	// engineModules are the other modules the engine may link: the
	// solved cache, the mapped table and terminal checks, profiles.
	engineModules = []string{"golang.org/x/sys", "golang.org/x/term", "github.com/dgraph-io/ristretto/v2",
		"github.com/cespare/xxhash/v2", "github.com/dustin/go-humanize", "github.com/pkg/profile",
		"github.com/felixge/fgprof", "github.com/google/pprof"}
)

const module = "github.com/sable-othello/sable/"

// deps lists the packages that the patterns depend on, the standard
// library left out, built with the tags.
func deps(t *testing.T, tags string, patterns ...string) []string {
	t.Helper()
	args := append([]string{"list", "-deps", "-tags", tags, "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}"}, patterns...)
	cmd := exec.Command("go", args...)
	cmd.Dir = "../.."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go %s: %v", strings.Join(args, " "), err)
	}
	return strings.Fields(string(out))
}

// isEngine reports whether package p is on the engine's side of the wall.
func isEngine(p string) bool {
	if rel, ok := strings.CutPrefix(p, module); ok {
		return slices.Contains(engine, rel)
	}
	for _, m := range engineModules {
		if p == m || strings.HasPrefix(p, m+"/") {
			return true
		}
	}
	return false
}

func TestTheEngineImportsNothingOfTheLab(t *testing.T) {
	patterns := make([]string, len(engine))
	for i, p := range engine {
		patterns[i] = "./" + p
	}
	for _, p := range deps(t, "engineonly", patterns...) {
		if !isEngine(p) {
			t.Errorf("the engine depends on %s, which is the lab's (or new: add it to the wall's lists if it belongs to the engine)", p)
		}
	}
	// The wall is not empty: the full binary links the lab.
	if full := deps(t, "", "./cmd/sable"); !slices.Contains(full, module+"tools/labcmd") || !slices.Contains(full, "gonum.org/v1/plot") {
		t.Error("the full sable binary does not link the lab's subcommands")
	}
}

func TestTheEngineBuildsWithoutTheLab(t *testing.T) {
	cmd := exec.Command("go", "build", "-tags", "engineonly", "-o", os.DevNull, "./cmd/sable")
	cmd.Dir = "../.."
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build -tags engineonly ./cmd/sable: %v\n%s", err, out)
	}
}
