package cli

import (
	"fmt"

	"github.com/sable-othello/sable/eval"
)

// EvalFlag is the --eval flag, one definition with one meaning for every
// command that evaluates: a pattern weights file, "simple" (the hand-written
// evaluation), or by default the embedded weights.
type EvalFlag struct{ spec string }

// AddEval adds --eval to the flag set.
func (f *FlagSet) AddEval() *EvalFlag {
	e := &EvalFlag{}
	f.StringVar(&e.spec, "eval", "", "evaluation: a pattern weights `FILE`, or simple (the hand-written one) (default: the embedded weights)")
	return e
}

// Load returns the evaluation and its name (eval.Load); an unusable value
// is a BadValue error.
func (e *EvalFlag) Load() (eval.Evaluator, string, error) {
	ev, name, err := eval.Load(e.spec)
	if err != nil {
		return nil, "", BadValue{fmt.Errorf("--eval: %w", err)}
	}
	return ev, name, nil
}
