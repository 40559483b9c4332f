package book

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"slices"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/internal/atomicfile"
)

// The book file, all integers little-endian:
//
//	header, 16 bytes: magic "SABLBOOK", uint16 version, uint16 record size,
//	                  uint32 number of records
//	records, recordSize bytes each, sorted by board (P, then O), unique:
//	  uint64 P, uint64 O     canonical board, side to move first
//	  uint32 games           games through the position
//	  int8   value           negamax value, discs for the side to move
//	  uint8  best            best move (canonical square), 255 = none
//	  uint8  leaf            best move out of the book, 255 = none
//	  int8   leaf value
//	  uint8  depth           search depth of the leaf, 0 = not searched
//	  uint8  flags           1 = leaf value exact, 2 = value and best set
//	trailer, 4 bytes: CRC-32 (IEEE) of everything before it
const (
	magic      = "SABLBOOK"
	version    = 1
	headerSize = 16
	recordSize = 26
	crcSize    = 4
)

// FileExt is the conventional extension of book files.
const FileExt = ".sbk"

// Open reads a book file. A file that is not a book, of another version,
// truncated or corrupt is refused with an error saying which.
func Open(path string) (*Book, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err // it names the file: open PATH: ...
	}
	b, err := Decode(data)
	if err != nil {
		return nil, fmt.Errorf("book %s: %w", path, err)
	}
	return b, nil
}

// OpenNamed returns the book that a book setting names: nil for OffName,
// the embedded book for DefaultName, else the file name (as Open).
func OpenNamed(name string) (*Book, error) {
	switch name {
	case OffName:
		return nil, nil
	case DefaultName:
		return Default()
	}
	return Open(name)
}

// Save writes the book to path atomically: readers see the old file or the
// whole new one, never a part.
func (b *Book) Save(path string) error {
	return atomicfile.Write(path, b.Encode)
}

// Encode writes the book in the file format.
func (b *Book) Encode(w io.Writer) error {
	crc := crc32.NewIEEE()
	bw := bufio.NewWriterSize(io.MultiWriter(w, crc), 1<<16)
	var hdr [headerSize]byte
	copy(hdr[:], magic)
	le := binary.LittleEndian
	le.PutUint16(hdr[8:], version)
	le.PutUint16(hdr[10:], recordSize)
	le.PutUint32(hdr[12:], uint32(len(b.recs)))
	bw.Write(hdr[:])
	var rec [recordSize]byte
	for _, i := range b.sorted() {
		r := &b.recs[i]
		le.PutUint64(rec[0:], r.key.P)
		le.PutUint64(rec[8:], r.key.O)
		le.PutUint32(rec[16:], r.games)
		rec[20] = byte(r.value)
		rec[21] = r.best
		rec[22] = r.leaf
		rec[23] = byte(r.leafValue)
		rec[24] = r.depth
		rec[25] = r.flags
		bw.Write(rec[:])
	}
	if err := bw.Flush(); err != nil { // bufio keeps the first write error
		return err
	}
	var sum [crcSize]byte
	le.PutUint32(sum[:], crc.Sum32())
	_, err := w.Write(sum[:])
	return err
}

// sorted returns the record indices in key order.
func (b *Book) sorted() []int32 {
	order := make([]int32, len(b.recs))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(i, j int32) int { return compareBoards(b.recs[i].key, b.recs[j].key) })
	return order
}

// compareBoards orders boards by P, then O.
func compareBoards(x, y bitboard.Board) int {
	return cmp.Or(cmp.Compare(x.P, y.P), cmp.Compare(x.O, y.O))
}

// Decode reads a book from the bytes of a book file, checking its magic,
// version, size, checksum and every record.
func Decode(data []byte) (*Book, error) {
	if len(data) < headerSize || !bytes.Equal(data[:len(magic)], []byte(magic)) {
		n := min(len(data), len(magic))
		return nil, fmt.Errorf("not a Sable book (starts with %q, want %q)", data[:n], magic)
	}
	le := binary.LittleEndian
	if v := le.Uint16(data[8:]); v != version {
		return nil, fmt.Errorf("book format version %d, this program reads version %d", v, version)
	}
	if rs := le.Uint16(data[10:]); rs != recordSize {
		return nil, fmt.Errorf("record size %d, want %d", rs, recordSize)
	}
	count := int(le.Uint32(data[12:]))
	if want := headerSize + count*recordSize + crcSize; len(data) != want {
		return nil, fmt.Errorf("%d bytes, but %d records make %d (truncated or padded file)", len(data), count, want)
	}
	body := data[:len(data)-crcSize]
	if got, want := crc32.ChecksumIEEE(body), le.Uint32(data[len(body):]); got != want {
		return nil, fmt.Errorf("checksum %08x, file says %08x (corrupt file)", got, want)
	}
	b := &Book{index: make(map[bitboard.Board]int32, count), recs: make([]record, count)}
	for i := range count {
		p := data[headerSize+i*recordSize:]
		r := record{
			key:   bitboard.Board{P: le.Uint64(p[0:]), O: le.Uint64(p[8:])},
			games: le.Uint32(p[16:]), value: int8(p[20]), best: p[21], leaf: p[22],
			leafValue: int8(p[23]), depth: p[24], flags: p[25],
		}
		if err := r.check(); err != nil {
			return nil, fmt.Errorf("record %d (%s): %w", i, bitboard.BoardString(r.key, bitboard.Black), err)
		}
		if i > 0 && compareBoards(b.recs[i-1].key, r.key) >= 0 {
			return nil, fmt.Errorf("record %d: not sorted after record %d", i, i-1)
		}
		b.recs[i] = r
		b.index[r.key] = int32(i)
	}
	return b, nil
}

// check validates a decoded record.
func (r *record) check() error {
	if !r.key.Valid() {
		return errors.New("a square holds two discs")
	}
	if c, _ := r.key.Canonical(); c != r.key {
		return errors.New("board not in canonical form")
	}
	moves := r.key.Moves()
	if moves == 0 {
		return errors.New("side to move has no move")
	}
	for _, sq := range []uint8{r.best, r.leaf} {
		if sq != noSquare && (sq >= 64 || moves&bitboard.Bit(int(sq)) == 0) {
			return fmt.Errorf("move %d is not a legal square", sq)
		}
	}
	if r.value < -64 || r.value > 64 || r.leafValue < -64 || r.leafValue > 64 {
		return fmt.Errorf("values %d and %d, want -64..64", r.value, r.leafValue)
	}
	if r.flags&^(flagExact|flagValued) != 0 {
		return fmt.Errorf("unknown flags %#x", r.flags)
	}
	if r.valued() && r.best == noSquare {
		return errors.New("valued without a best move")
	}
	return nil
}
