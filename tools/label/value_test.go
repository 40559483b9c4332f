package label

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/sable-othello/sable/tools/dataset"
)

func TestWorkersGiveTheSameLabelsAndCache(t *testing.T) {
	dir := t.TempDir()
	games := sixSelfplayGames(t, dir)
	var labels [][]dataset.Label
	var caches [][]byte
	for _, workers := range []int{1, 3} {
		v := testValuer(filepath.Join(dir, fmt.Sprintf("w%d.lbl", workers)))
		v.workers, v.every = workers, time.Nanosecond // a checkpoint after every game
		l, err := labelAll(context.Background(), v, games)
		if err != nil {
			t.Fatal(err)
		}
		cache, err := os.ReadFile(v.solvedPath)
		if err != nil {
			t.Fatal(err)
		}
		labels, caches = append(labels, l), append(caches, cache)
	}
	if !reflect.DeepEqual(labels[0], labels[1]) {
		t.Error("three workers gave other labels than one")
	}
	if !bytes.Equal(caches[0], caches[1]) {
		t.Error("three workers wrote another cache than one")
	}
}
