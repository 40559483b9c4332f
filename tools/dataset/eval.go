package dataset

import (
	"fmt"
	"hash/crc32"

	"github.com/sable-othello/sable/eval"
)

// LoadEval returns the evaluation named by spec, "simple" or a weights
// file, and a name that identifies it in the files it helps make: the
// weights by their checksum, so that data made with other weights is never
// taken for this evaluation's.
func LoadEval(spec string) (eval.Evaluator, string, error) {
	if spec == "simple" {
		return eval.Simple{}, "simple", nil
	}
	w, err := eval.LoadWeights(spec)
	if err != nil {
		return nil, "", err
	}
	sum := crc32.NewIEEE()
	if err := w.Encode(sum); err != nil {
		return nil, "", fmt.Errorf("%s: %w", spec, err)
	}
	return eval.NewPattern(w), fmt.Sprintf("pattern-%08x", sum.Sum32()), nil
}
