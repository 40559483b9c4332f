package wthor

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/sable-othello/sable/internal/shareddata"
)

func TestReadPlayersDecodesLatin1Names(t *testing.T) {
	data := make([]byte, HeaderSize+2*PlayerRecordSize)
	binary.LittleEndian.PutUint16(data[8:], 2)
	copy(data[HeaderSize:], "Tastet Marc")
	copy(data[HeaderSize+PlayerRecordSize:], "L\xe9ger Andr\xe9")
	path := filepath.Join(t.TempDir(), PlayersFile)
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	names, err := ReadPlayers(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 2 || names[0] != "Tastet Marc" || names[1] != "Léger André" {
		t.Errorf("names %q", names)
	}
	if err := os.WriteFile(path, data[:len(data)-1], 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := ReadPlayers(path); err == nil {
		t.Error("a cut players file: no error")
	}
}

func TestRealPlayersFileNamesEveryGamesPlayers(t *testing.T) {
	dir := shareddata.Path(t, "wthor")
	names, err := ReadPlayers(filepath.Join(dir, PlayersFile))
	if err != nil {
		t.Fatal(err)
	}
	f, err := ReadFile(filepath.Join(dir, "WTH_1990.wtb"))
	if err != nil {
		t.Fatal(err)
	}
	for i, g := range f.Games {
		if int(g.Black) >= len(names) || int(g.White) >= len(names) {
			t.Fatalf("game %d: players %d and %d, the file names %d", i+1, g.Black, g.White, len(names))
		}
	}
}
