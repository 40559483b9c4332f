package wthor

import (
	"bytes"
	"fmt"
	"os"
	"strings"
)

// PlayerRecordSize is the size of one name in WTH.JOU, the players file.
const PlayerRecordSize = 20

// PlayersFile is the conventional name of the players file beside the
// .wtb files.
const PlayersFile = "WTH.JOU"

// ReadPlayers reads a players file (WTH.JOU): a 16-byte header whose
// record count says how many 20-byte names follow, each Latin-1 text padded
// with zeros. A game's Black and White are indexes into the result.
func ReadPlayers(path string) ([]string, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	h, err := ParseHeader(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	body := data[HeaderSize:]
	n := int(h.Records)
	if len(body) != n*PlayerRecordSize {
		return nil, fmt.Errorf("%s: header says %d players (%d bytes), file has %d bytes of records",
			path, n, n*PlayerRecordSize, len(body))
	}
	names := make([]string, n)
	for i := range names {
		rec := body[i*PlayerRecordSize : (i+1)*PlayerRecordSize]
		if end := bytes.IndexByte(rec, 0); end >= 0 {
			rec = rec[:end]
		}
		names[i] = strings.TrimSpace(latin1(rec))
	}
	return names, nil
}

// latin1 decodes Latin-1 text: each byte is the code point of its rune.
func latin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}
