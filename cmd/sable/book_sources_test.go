package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

func TestBookSourcesReadMatchResultsAndTranscripts(t *testing.T) {
	bo := func(side string) string {
		return "BO[8 ---------------------------O*------*O--------------------------- " + side + "]"
	}
	path := filepath.Join(t.TempDir(), "games.txt")
	os.WriteFile(path, []byte(strings.Join([]string{
		"(;GM[Othello]GN[0]PB[a]PW[b]RE[+2.000]" + bo("*") + "B[f5]W[d6];)",
		"# a comment",
		"17 8 d3c3 +2",
		"(;GM[Othello]" + bo("O") + "W[c4];)",
		"(;GM[2]SZ[8];B[e6])",
	}, "\n")), 0o644)
	var got []string
	var stderr strings.Builder
	err := forEachGame([]string{path}, &stderr, func(moves []int) error {
		got = append(got, bitboard.Transcript(moves))
		return nil
	})
	if want := []string{"f5d6", "d3c3", "e6"}; err != nil || !slices.Equal(got, want) {
		t.Fatalf("games %v, %v; want %v", got, err, want)
	}
	if !strings.Contains(stderr.String(), "skipped 1 bad games; the first: "+path+":4: the game starts from a set-up position") {
		t.Errorf("the game from White's move should be skipped and named: %q", stderr.String())
	}
}
