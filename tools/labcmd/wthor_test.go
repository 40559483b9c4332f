package labcmd

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wtbRecord is a 68-byte WTHOR game record of the moves, given as WTHOR
// move bytes (10*row + column).
func wtbRecord(moves ...byte) []byte {
	rec := make([]byte, 68)
	rec[6], rec[7] = 32, 32
	copy(rec[8:], moves)
	return rec
}

func TestWthorReportsBadRecordsByFileAndIndex(t *testing.T) {
	data := make([]byte, 16)
	binary.LittleEndian.PutUint32(data[4:], 3)
	binary.LittleEndian.PutUint16(data[10:], 2025)
	data[12], data[14] = 8, 24
	data = append(data, wtbRecord(56, 64, 33)...) // f5 d6 c3
	data = append(data, wtbRecord(11)...)         // a1: illegal at the start
	data = append(data, wtbRecord(56, 64, 33)...)
	path := filepath.Join(t.TempDir(), "WTH_2025.wtb")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runTool(t, "wthor", filepath.Dir(path))
	if code != 1 || !strings.Contains(out, "WTH_2025.wtb: game 1: move 1: illegal move a1") ||
		!strings.Contains(out, "total: 1 files, 3 games, 1 bad") {
		t.Errorf("exit %d, stdout:\n%s\nstderr: %s", code, out, errOut)
	}
	os.WriteFile(path, data[:len(data)-1], 0o644)
	if code, _, errOut := runTool(t, "wthor", path); code != 1 || !strings.Contains(errOut, "header says 3 games") {
		t.Errorf("a truncated file: exit %d, stderr %q", code, errOut)
	}
}
