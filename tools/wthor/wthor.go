// Package wthor reads the WTHOR game database of the French Othello
// Federation: .wtb files of a 16-byte header and 68-byte game records (the
// format is described in ../shared/data/README.md). It checks each record's
// move bytes and replays its game legally, so that a bad record is reported
// with its file and index instead of feeding garbage to training.
package wthor

import (
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"sort"
)

// Sizes of the file's parts, in bytes.
const (
	HeaderSize = 16
	RecordSize = 68
	// MaxMoves is the number of move bytes of a record.
	MaxMoves = 60
)

// Header is the 16-byte header of a .wtb file.
type Header struct {
	Century, Year, Month, Day uint8  // creation date
	Games                     uint32 // number of game records
	Records                   uint16 // records of a players or tournaments file
	GameYear                  uint16 // year of the games
	BoardSize                 uint8  // 0 or 8 for 8x8
	GameType                  uint8  // 0 for normal games
	// TheoreticalDepth is the number of empty squares of the position
	// whose perfect-play score each record holds.
	TheoreticalDepth uint8
}

// File is a parsed .wtb file.
type File struct {
	Path   string
	Header Header
	Games  []Record
}

// ParseHeader decodes the header at the start of data.
func ParseHeader(data []byte) (Header, error) {
	if len(data) < HeaderSize {
		return Header{}, fmt.Errorf("header: %d bytes, want %d", len(data), HeaderSize)
	}
	le := binary.LittleEndian
	h := Header{
		Century: data[0], Year: data[1], Month: data[2], Day: data[3],
		Games:            le.Uint32(data[4:]),
		Records:          le.Uint16(data[8:]),
		GameYear:         le.Uint16(data[10:]),
		BoardSize:        data[12],
		GameType:         data[13],
		TheoreticalDepth: data[14],
	}
	if h.BoardSize != 0 && h.BoardSize != 8 {
		return h, fmt.Errorf("header: board size %d, only 8x8 games are supported", h.BoardSize)
	}
	if h.TheoreticalDepth > MaxMoves {
		return h, fmt.Errorf("header: theoretical depth %d is over %d empties", h.TheoreticalDepth, MaxMoves)
	}
	return h, nil
}

// Parse decodes a whole .wtb file held in data; path only names it in
// errors. It checks the header and the record count; a bad record does not
// fail the file but shows when the game is replayed (see Validate).
func Parse(path string, data []byte) (*File, error) {
	h, err := ParseHeader(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	body := data[HeaderSize:]
	if want := int(h.Games) * RecordSize; len(body) != want {
		return nil, fmt.Errorf("%s: header says %d games (%d bytes of records), file has %d bytes of records",
			path, h.Games, want, len(body))
	}
	f := &File{Path: path, Header: h, Games: make([]Record, h.Games)}
	for i := range f.Games {
		f.Games[i] = parseRecord(body[i*RecordSize : (i+1)*RecordSize])
	}
	return f, nil
}

// ReadFile reads and parses one .wtb file.
func ReadFile(path string) (*File, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return Parse(path, data)
}

// ReadDir reads every .wtb file of dir, sorted by name so that every tool
// sees the games in the same order.
func ReadDir(dir string) ([]*File, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.[wW][tT][bB]"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no .wtb files in %s", dir)
	}
	sort.Strings(paths)
	files := make([]*File, len(paths))
	for i, p := range paths {
		if files[i], err = ReadFile(p); err != nil {
			return nil, err
		}
	}
	return files, nil
}

// RecordError is a bad game record: its file, its 0-based index in the
// file, and what is wrong with it.
type RecordError struct {
	Path  string
	Index int
	Err   error
}

// Error implements error.
func (e *RecordError) Error() string {
	return fmt.Sprintf("%s: game %d: %v", e.Path, e.Index, e.Err)
}

// Unwrap returns the underlying error.
func (e *RecordError) Unwrap() error { return e.Err }
