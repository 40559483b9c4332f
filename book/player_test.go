package book

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/search"
)

func TestPlayerPlaysFromTheBookThenSearches(t *testing.T) {
	p, err := NewPlayer(DefaultName, 0)
	if err != nil {
		t.Fatal(err)
	}
	s := newSearcher(t)
	start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	res, fromBook := p.Choose(context.Background(), start, s, search.Limits{Depth: 2})
	if !fromBook || !start.Legal(res.Move) || len(res.PV) < 2 || res.PV[0] != res.Move {
		t.Fatalf("at the start: %+v from the book %v", res, fromBook)
	}
	off, err := NewPlayer(OffName, 0)
	if err != nil {
		t.Fatal(err)
	}
	if res, fromBook := off.Choose(context.Background(), start, s, search.Limits{Depth: 2}); fromBook || !start.Legal(res.Move) {
		t.Fatalf("without a book: %+v from the book %v", res, fromBook)
	}
	if hints := p.Hints(start, 2); len(hints) != 2 || hints[0].Line[0] != hints[0].Square || hints[0].Value < hints[1].Value {
		t.Fatalf("hints %+v", hints)
	}
	if off.Hints(start, 2) != nil {
		t.Fatal("no book, no hints")
	}
}

func TestPlayerBookFilesAreCheckedAtOnceAndLearnedInto(t *testing.T) {
	if _, err := NewPlayer("/nonexistent/dir/x.sbk", 0); err == nil || !strings.Contains(err.Error(), "/nonexistent/dir") {
		t.Fatalf("a book in a missing directory: %v", err)
	}
	path := filepath.Join(t.TempDir(), "new.sbk")
	p, err := NewPlayer(path, 0)
	if err != nil {
		t.Fatal(err)
	}
	start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	moves, _ := bitboard.ParseTranscript("f5f6e6f4g6c5g4g5")
	msg, err := p.Learn(context.Background(), start, moves, newSearcher(t))
	if err != nil || msg != "learned into "+path {
		t.Fatalf("learn: %q, %v", msg, err)
	}
	if _, err := NewPlayer(path, 0); err != nil {
		t.Fatalf("the learned book does not read back: %v", err)
	}
}
