package eval

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestLoadNamesEvaluationsByWhatTheyAre(t *testing.T) {
	if ev, name, err := Load("simple"); err != nil || name != "simple" || ev != (Simple{}) {
		t.Errorf("simple: got %v, %q, %v", ev, name, err)
	}
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.sew"), filepath.Join(dir, "b.sew")
	if err := SaveWeights(a, randomWeights(rand.New(rand.NewPCG(1, 2)))); err != nil {
		t.Fatal(err)
	}
	if err := SaveWeights(b, randomWeights(rand.New(rand.NewPCG(3, 4)))); err != nil {
		t.Fatal(err)
	}
	evA, nameA, err := Load(a)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := evA.(*Pattern); !ok || !strings.HasPrefix(nameA, "pattern-") {
		t.Errorf("weights file: got %T named %q, want a *Pattern named pattern-...", evA, nameA)
	}
	if _, nameB, err := Load(b); err != nil || nameB == nameA {
		t.Errorf("other weights: named %q (%v), want a name other than %q", nameB, err, nameA)
	}
	bad := filepath.Join(dir, "bad.sew")
	if err := os.WriteFile(bad, []byte("not weights"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Load(bad); err == nil {
		t.Error("a file that is not weights was accepted")
	}
}

func TestLoadOfNothingIsTheEmbeddedWeightsNamedAsTheirFile(t *testing.T) {
	ev, name, err := Load("")
	if err != nil {
		t.Fatal(err)
	}
	if p, _ := Default(); ev != Evaluator(p) {
		t.Errorf("Load(\"\") gave %T, not the embedded weights' evaluator", ev)
	}
	_, fileName, err := Load("weights.sew")
	if err != nil || name != fileName {
		t.Errorf("the embedded weights are named %q, their file %q (%v): self-play files name them so", name, fileName, err)
	}
}
