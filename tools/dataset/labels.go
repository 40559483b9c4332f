package dataset

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/bits"
	"os"

	"github.com/sable-othello/sable/internal/atomicfile"
)

// Label is a position seen from the side to move (P its discs, O the
// opponent's) with the target value of the position in discs for P.
type Label struct {
	P, O  uint64
	Score int8
	// Exact marks a score proven by perfect play; otherwise it is an
	// estimate (a game result or a search value).
	Exact bool
	// Count is the number of times the position occurred in the games
	// (symmetric images included), at most MaxCount.
	Count uint16
}

// MaxCount is the largest count a label holds: more occurrences saturate.
const MaxCount = 1<<16 - 1

// Empties returns the number of empty squares of the labelled position.
func (l *Label) Empties() int { return bits.OnesCount64(^(l.P | l.O)) }

// The labels file: a 24-byte header (magic, version, reserved, record
// count), count records of 20 bytes (P and O as little-endian uint64, the
// score as int8, a flags byte whose bit 0 is Exact, the count as
// little-endian uint16), then the CRC-32 (IEEE) of the records.
const (
	labelsMagic   = "SABLELBL"
	labelsVersion = 1
	labelsHeader  = 24
	// LabelSize is the size of one record in the file.
	LabelSize  = 20
	flagExact  = 1
	knownFlags = flagExact
)

// WriteLabels writes labels to path atomically.
func WriteLabels(path string, labels []Label) error {
	return atomicfile.Write(path, func(w io.Writer) error {
		var hdr [labelsHeader]byte
		copy(hdr[:], labelsMagic)
		binary.LittleEndian.PutUint32(hdr[8:], labelsVersion)
		binary.LittleEndian.PutUint64(hdr[16:], uint64(len(labels)))
		if _, err := w.Write(hdr[:]); err != nil {
			return err
		}
		crc := crc32.NewIEEE()
		out := io.MultiWriter(w, crc)
		var rec [LabelSize]byte
		for i := range labels {
			encodeLabel(rec[:], &labels[i])
			if _, err := out.Write(rec[:]); err != nil {
				return err
			}
		}
		return binary.Write(w, binary.LittleEndian, crc.Sum32())
	})
}

func encodeLabel(rec []byte, l *Label) {
	binary.LittleEndian.PutUint64(rec[0:], l.P)
	binary.LittleEndian.PutUint64(rec[8:], l.O)
	rec[16] = byte(l.Score)
	rec[17] = 0
	if l.Exact {
		rec[17] = flagExact
	}
	binary.LittleEndian.PutUint16(rec[18:], l.Count)
}

// ReadLabels reads a labels file, refusing a foreign, truncated or corrupt
// one and any record that is not a valid labelled position. It also returns
// the file's checksum, which identifies its contents.
func ReadLabels(path string) ([]Label, uint32, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, err
	}
	labels, sum, err := DecodeLabels(data)
	if err != nil {
		return nil, 0, fmt.Errorf("%s: %w", path, err)
	}
	return labels, sum, nil
}

// DecodeLabels decodes the contents of a labels file; see ReadLabels.
func DecodeLabels(data []byte) ([]Label, uint32, error) {
	if len(data) < labelsHeader+4 || string(data[:8]) != labelsMagic {
		return nil, 0, errors.New("not a Sable labels file (bad magic)")
	}
	le := binary.LittleEndian
	if v := le.Uint32(data[8:]); v != labelsVersion {
		return nil, 0, fmt.Errorf("labels file version %d, this build reads version %d", v, labelsVersion)
	}
	n := le.Uint64(data[16:])
	if want := uint64(labelsHeader+4) + n*LabelSize; n > uint64(len(data))/LabelSize || uint64(len(data)) != want {
		return nil, 0, fmt.Errorf("labels file has %d bytes, want %d for %d records", len(data), want, n)
	}
	body := data[labelsHeader : len(data)-4]
	sum := le.Uint32(data[len(data)-4:])
	if crc32.ChecksumIEEE(body) != sum {
		return nil, 0, errors.New("labels file is corrupt (checksum mismatch)")
	}
	labels := make([]Label, n)
	for i := range labels {
		rec := body[i*LabelSize:]
		l := Label{P: le.Uint64(rec[0:]), O: le.Uint64(rec[8:]), Score: int8(rec[16]), Exact: rec[17]&flagExact != 0, Count: le.Uint16(rec[18:])}
		switch {
		case l.P&l.O != 0:
			return nil, 0, fmt.Errorf("record %d: a square holds both players' discs", i)
		case l.Score < -64 || l.Score > 64:
			return nil, 0, fmt.Errorf("record %d: score %d out of [-64, 64]", i, l.Score)
		case rec[17]&^knownFlags != 0:
			return nil, 0, fmt.Errorf("record %d: unknown flags %#x", i, rec[17])
		}
		labels[i] = l
	}
	return labels, sum, nil
}
