package book

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

func TestFileRoundTripKeepsEveryEntry(t *testing.T) {
	b := builtBook(t)
	path := filepath.Join(t.TempDir(), "small"+FileExt)
	if err := b.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Len() != b.Len() {
		t.Fatalf("read %d positions, wrote %d", got.Len(), b.Len())
	}
	for i := range b.recs {
		if r := got.find(b.recs[i].key); r == nil || *r != b.recs[i] {
			t.Fatalf("record %d: read %+v, wrote %+v", i, r, b.recs[i])
		}
	}
	if data, _ := os.ReadFile(path); !bytes.Equal(encode(t, got), data) {
		t.Fatal("encoding the read book gives other bytes")
	}
	if entries, _ := os.ReadDir(filepath.Dir(path)); len(entries) != 1 {
		t.Fatalf("save left %d files, want 1", len(entries))
	}
}

// reseal recomputes the checksum of a book file after an edit.
func reseal(data []byte) []byte {
	n := len(data) - crcSize
	binary.LittleEndian.PutUint32(data[n:], crc32.ChecksumIEEE(data[:n]))
	return data
}

func TestBadFilesAreRefusedWithTheReason(t *testing.T) {
	good := encode(t, builtBook(t))
	edit := func(f func(d []byte) []byte) []byte { return f(bytes.Clone(good)) }
	rec := headerSize + 3*recordSize // some record
	for _, tc := range []struct {
		name, want string
		data       []byte
	}{
		{"empty", "not a Sable book", nil},
		{"foreign", "not a Sable book", []byte("PK\x03\x04 a zip file, not a book at all")},
		{"newer version", "version 2", edit(func(d []byte) []byte { d[8] = 2; return reseal(d) })},
		{"record size", "record size", edit(func(d []byte) []byte { d[10]++; return reseal(d) })},
		{"truncated", "truncated", good[:len(good)-10]},
		{"flipped bit", "checksum", edit(func(d []byte) []byte { d[rec+20] ^= 4; return d })},
		{"flipped checksum", "checksum", edit(func(d []byte) []byte { d[len(d)-1] ^= 1; return d })},
		{"two discs on a square", "two discs", edit(func(d []byte) []byte {
			binary.LittleEndian.PutUint64(d[rec+8:], binary.LittleEndian.Uint64(d[rec:]))
			return reseal(d)
		})},
		{"illegal leaf", "not a legal square", edit(func(d []byte) []byte { d[rec+22] = 64; return reseal(d) })},
		{"unsorted", "not sorted", edit(func(d []byte) []byte {
			a, b := d[headerSize:headerSize+recordSize], d[headerSize+recordSize:headerSize+2*recordSize]
			t := bytes.Clone(a)
			copy(a, b)
			copy(b, t)
			return reseal(d)
		})},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "bad"+FileExt)
			os.WriteFile(path, tc.data, 0o644)
			_, err := Open(path)
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), path) {
				t.Fatalf("error %v, want one naming %s and saying %q", err, path, tc.want)
			}
		})
	}
}

func TestNonCanonicalRecordIsRefused(t *testing.T) {
	b := New()
	start := bitboard.Start()
	c, _ := start.Canonical()
	for s := range bitboard.NumSymmetries {
		if x := start.Symmetric(s); x != c {
			b.add(x, 1) // bypasses canonicalisation, as a foreign writer might
			break
		}
	}
	if _, err := Decode(encode(t, b)); err == nil || !strings.Contains(err.Error(), "canonical") {
		t.Fatalf("error %v, want a non-canonical board refused", err)
	}
}

func TestDefaultBookAnswersTheOpening(t *testing.T) {
	b, err := Default()
	if err != nil {
		t.Fatal(err)
	}
	valued := 0
	for _, c := range b.Keys() {
		if n, _ := b.Node(c); n.Valued && n.Leaf.Depth > 0 {
			valued++
		}
	}
	if valued < 10000 || valued != b.Len() {
		t.Fatalf("embedded book: %d of %d positions valued and searched, want a finished book of at least 10,000", valued, b.Len())
	}
	start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	ms := b.Moves(start)
	if len(ms) != 4 || !ms[3].InBook {
		t.Fatalf("start: book moves %+v, want the four first moves, all in the book", ms)
	}
	t.Logf("embedded book: %d positions, start %+d, line %s", b.Len(), ms[0].Value, bitboard.Transcript(b.Line(start, 60)))
}

func FuzzDecodeRefusesOrRoundTrips(f *testing.F) {
	f.Add(encode(f, builtBook(f)))
	f.Add(encode(f, New()))
	f.Add([]byte(magic + "\x01\x00\x1a\x00\x01\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Decode(data)
		if err != nil {
			return
		}
		if got := encode(t, b); !bytes.Equal(got, data) {
			t.Fatalf("decoded book encodes to other bytes")
		}
	})
}

func TestOpenNamedResolvesOffDefaultAndFiles(t *testing.T) {
	if b, err := OpenNamed(OffName); b != nil || err != nil {
		t.Errorf("off: got %v, %v; want no book and no error", b, err)
	}
	if b, err := OpenNamed(DefaultName); b == nil || err != nil || b.Len() == 0 {
		t.Errorf("default: got %v, %v; want the embedded book", b, err)
	}
	path := filepath.Join(t.TempDir(), "small"+FileExt)
	if _, err := OpenNamed(path); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("missing file: got %v, want fs.ErrNotExist", err)
	}
	if err := builtBook(t).Save(path); err != nil {
		t.Fatal(err)
	}
	if b, err := OpenNamed(path); b == nil || err != nil {
		t.Errorf("file: got %v, %v; want the saved book", b, err)
	}
}
