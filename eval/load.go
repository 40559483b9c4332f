package eval

import (
	"fmt"
	"hash/crc32"
)

// Load returns the evaluation that an --eval setting names, "simple" or a
// pattern weights file (refused with the reason when it is not a valid
// one), and a name that identifies it in the files it helps make: the
// weights by their checksum, so that data made with other weights is never
// taken for this evaluation's.
func Load(spec string) (Evaluator, string, error) {
	if spec == "simple" {
		return Simple{}, "simple", nil
	}
	w, err := LoadWeights(spec)
	if err != nil {
		return nil, "", err
	}
	sum := crc32.NewIEEE()
	if err := w.Encode(sum); err != nil {
		return nil, "", fmt.Errorf("%s: %w", spec, err)
	}
	return NewPattern(w), fmt.Sprintf("pattern-%08x", sum.Sum32()), nil
}
