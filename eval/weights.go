package eval

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"

	"github.com/sable-othello/sable/internal/atomicfile"
)

// NumPhases is the number of weight sets: one per 2 plies of the game
// (phase = discs played / 2, the last phase also taking the final plies).
// With the fish shape, the weights of 30 phases beat those of 15 by +38
// Elo over 800 games at equal time (docs/training.md).
const NumPhases = 30

// WeightScale is the number of weight units per disc.
const WeightScale = 64

// Phase returns the weight set used at the given number of empty squares.
func Phase(empties int) int { return min(NumPhases-1, max(0, (60-empties)/2)) }

// shapeOffset[s] is where shape s's table starts in a phase's weights, so
// also the number of weights of the tables of the shapes before it;
// shapeOffset[len(shapes)] is phaseSize, where they end.
var shapeOffset, phaseSize = func() ([]int, int) {
	off := make([]int, len(shapes)+1)
	for si := range shapes {
		off[si+1] = off[si] + shapeSize(si)
	}
	return off, off[len(shapes)]
}()

// featureOffset[i] is shapeOffset of feature i's shape; the unused slots
// point past the weights, at the zeros that pad a Pattern's tables.
var featureOffset = func() (off [featureSlots]int32) {
	for i := range off {
		off[i] = int32(phaseSize)
	}
	for i, f := range features {
		off[i] = int32(shapeOffset[f.shape])
	}
	return off
}()

// PhaseSize is the number of weights of one phase.
func PhaseSize() int { return phaseSize }

// WeightIndex returns where feature i with (mover-view) index x is trained
// in a phase's weights: shared by every instance of the feature's shape and
// by the indices its own symmetries map x to (see canonIndex). Symmetrize
// then copies each trained weight to the other indices of its orbit.
func WeightIndex(i, x int) int {
	s := features[i].shape
	return shapeOffset[s] + int(canonIndex[s][x])
}

// Symmetrize gives every index of the model's pattern tables the weight of
// its canonical representative, so that the evaluation reads weights
// without canonicalising indices and symmetric positions still evaluate
// identically.
func (w *Weights) Symmetrize() {
	for p := range w.W {
		for si := range shapes[:w.model.shapes] {
			t := w.W[p][shapeOffset[si] : shapeOffset[si]+shapeSize(si)]
			for x, c := range canonIndex[si] {
				t[x] = t[c]
			}
		}
	}
}

// Weights are the weights of a Model for every phase, in 1/WeightScale
// disc.
type Weights struct {
	W     [][]int16
	model *Model
}

// Model returns the model the weights belong to.
func (w *Weights) Model() *Model { return w.model }

// NewWeights returns all-zero weights of the pattern evaluation.
func NewWeights() *Weights { return PatternModel.NewWeights() }

// NewWeights returns all-zero weights of the model.
func (m *Model) NewWeights() *Weights {
	w := &Weights{W: make([][]int16, m.Phases), model: m}
	for p := range w.W {
		w.W[p] = make([]int16, m.size)
	}
	return w
}

// The weights file: a header (magic, version, phases, weights per phase,
// scale), the flate-compressed little-endian int16 weights of every phase,
// and a CRC-32 of the uncompressed weights. Version 1. The phases and size
// tell the models apart.
const (
	weightsMagic   = "SABLEEVW"
	weightsVersion = 1
)

// Encode writes the weights in the file format.
func (w *Weights) Encode(out io.Writer) error {
	var raw bytes.Buffer
	for p := range w.W {
		if err := binary.Write(&raw, binary.LittleEndian, w.W[p]); err != nil {
			return err
		}
	}
	hdr := struct {
		Magic                      [8]byte
		Version, Phases, Size, Scl uint32
	}{Version: weightsVersion, Phases: uint32(w.model.Phases), Size: uint32(w.model.size), Scl: WeightScale}
	copy(hdr.Magic[:], weightsMagic)
	if err := binary.Write(out, binary.LittleEndian, hdr); err != nil {
		return err
	}
	zw, err := flate.NewWriter(out, flate.BestCompression)
	if err != nil {
		return err
	}
	if _, err := zw.Write(raw.Bytes()); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return binary.Write(out, binary.LittleEndian, crc32.ChecksumIEEE(raw.Bytes()))
}

// DecodeWeights reads the weights of Pattern written by Encode, of the
// pattern or the mobility model, which the file's size per phase tells
// apart; see Model.Decode.
func DecodeWeights(data []byte) (*Weights, error) {
	if len(data) >= 20 {
		if _, ok := MobilityModel.fileShapes(int(binary.LittleEndian.Uint32(data[16:]))); ok {
			return MobilityModel.Decode(data)
		}
	}
	return PatternModel.Decode(data)
}

// fileShapes returns how many of the model's shapes a weights file of size
// weights per phase holds: all of them, or the first n of a file written
// before the others were added (the model's other tables follow the
// shapes' tables either way).
func (m *Model) fileShapes(size int) (n int, ok bool) {
	own := m.size - shapeOffset[m.shapes] // the weights after the shapes' tables
	for n = m.shapes; n > 0; n-- {
		if shapeOffset[n]+own == size {
			return n, true
		}
	}
	return 0, false
}

// Decode reads weights of the model written by Encode. A foreign,
// truncated or corrupt file, or one of another model, is refused with an
// error saying which. A file written before the model's last shapes were
// added decodes with their weights zero, as a start for training them.
func (m *Model) Decode(data []byte) (*Weights, error) {
	const hdrSize = 8 + 4*4
	if len(data) < hdrSize+4 || string(data[:8]) != weightsMagic {
		return nil, errors.New("not a Sable weights file (bad magic)")
	}
	le := binary.LittleEndian
	version, phases, size, scale := le.Uint32(data[8:]), le.Uint32(data[12:]), le.Uint32(data[16:]), le.Uint32(data[20:])
	if version != weightsVersion {
		return nil, fmt.Errorf("weights file version %d, this build reads version %d", version, weightsVersion)
	}
	shapesIn, ok := m.fileShapes(int(size))
	if phases != uint32(m.Phases) || !ok || scale != WeightScale {
		return nil, fmt.Errorf("weights file has %d phases of %d weights at scale %d, the %s model %d of %d at %d",
			phases, size, scale, m.Name, m.Phases, m.size, WeightScale)
	}
	n := m.Phases * int(size)
	want := le.Uint32(data[len(data)-4:])
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(data[hdrSize:len(data)-4])), int64(2*n)+1))
	if err != nil {
		return nil, fmt.Errorf("weights file is corrupt: %w", err)
	}
	if len(raw) != 2*n {
		return nil, fmt.Errorf("weights file holds %d bytes of weights, want %d", len(raw), 2*n)
	}
	if crc32.ChecksumIEEE(raw) != want {
		return nil, errors.New("weights file is corrupt (checksum mismatch)")
	}
	w := m.NewWeights()
	head := shapeOffset[shapesIn]       // the file's shape tables
	gap := shapeOffset[m.shapes] - head // the tables of shapes it lacks
	for p := range w.W {
		row := raw[2*p*int(size):]
		for i := range int(size) {
			j := i
			if i >= head {
				j += gap
			}
			w.W[p][j] = int16(le.Uint16(row[2*i:]))
		}
	}
	w.Symmetrize()
	return w, nil
}

// LoadWeights reads a weights file of Pattern; see DecodeWeights.
func LoadWeights(path string) (*Weights, error) { return loadFile(path, DecodeWeights) }

// Load reads a weights file of the model.
func (m *Model) Load(path string) (*Weights, error) { return loadFile(path, m.Decode) }

// loadFile reads a weights file with decode.
func loadFile(path string, decode func([]byte) (*Weights, error)) (*Weights, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	w, err := decode(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return w, nil
}

// SaveWeights writes a weights file atomically (see atomicfile), so an
// interrupted run never leaves a half-written file.
func SaveWeights(path string, w *Weights) error { return atomicfile.Write(path, w.Encode) }
