package cli

import (
	"fmt"

	"github.com/sable-othello/sable/search"
)

// MPCFlag is the --mpc flag: Multi-ProbCut's error model for --eval.
type MPCFlag struct{ spec string }

// AddMPC adds --mpc to the flag set.
func (f *FlagSet) AddMPC() *MPCFlag {
	m := &MPCFlag{}
	f.StringVar(&m.spec, "mpc", "", "Multi-ProbCut's error model for --eval, `A,B,C,D` as \"sable mpcfit --eval FILE\" prints it (default: the embedded weights' fit)")
	return m
}

// Model returns the model given, or nil when none was (the engine then
// uses the embedded weights' fit); an unusable value is an error that
// names it, for the caller's usage error.
func (m *MPCFlag) Model() (*search.ProbcutModel, error) {
	if m.spec == "" {
		return nil, nil
	}
	p, err := search.ParseProbcutModel(m.spec)
	if err != nil {
		return nil, fmt.Errorf("--mpc %q: %v", m.spec, err)
	}
	return &p, nil
}
