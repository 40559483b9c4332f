package train

import (
	"encoding/gob"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/sable-othello/sable/internal/atomicfile"
)

// fitStats are the errors of a phase's fitted (unquantised, unsmoothed)
// weights.
type fitStats struct {
	Train, HeldOut       int     // positions
	TrainRMS, HeldOutRMS float64 // discs
}

// checkpoint is the state of a run, saved after each phase: the fitted
// weights of the finished phases and how often each weight was seen.
type checkpoint struct {
	// Fingerprint identifies the data and the fitting parameters; a
	// checkpoint of another run is not resumed.
	Fingerprint string
	Done        []bool
	W           [][]float32
	Count       [][]uint32
	Fit         []fitStats
}

// newCheckpoint returns the state of a run of a model of n phases that has
// fitted none yet.
func newCheckpoint(fingerprint string, n int) *checkpoint {
	return &checkpoint{Fingerprint: fingerprint, Done: make([]bool, n), W: make([][]float32, n),
		Count: make([][]uint32, n), Fit: make([]fitStats, n)}
}

// loadCheckpoint reads the checkpoint at path; it returns nil when there is
// none, or when it belongs to another run (said on stderr).
func loadCheckpoint(path, fingerprint string) (*checkpoint, error) {
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var ck checkpoint
	if err := gob.NewDecoder(f).Decode(&ck); err != nil {
		return nil, fmt.Errorf("%s: not a train checkpoint: %w", path, err)
	}
	if ck.Fingerprint != fingerprint {
		fmt.Fprintf(os.Stderr, "train: %s is for another run (%s), starting afresh\n", path, ck.Fingerprint)
		return nil, nil
	}
	return &ck, nil
}

// save writes the checkpoint atomically.
func (ck *checkpoint) save(path string) error {
	return atomicfile.Write(path, func(w io.Writer) error { return gob.NewEncoder(w).Encode(ck) })
}
