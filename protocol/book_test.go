package protocol

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/book"
	"github.com/sable-othello/sable/internal/enginetest"
	"github.com/sable-othello/sable/search"
)

// countingEngine is the real engine, counting the searches asked of it.
type countingEngine struct {
	*search.Engine
	searches int
}

func (c *countingEngine) Search(ctx context.Context, pos bitboard.Position, lim search.Limits, info func(search.Info)) search.Result {
	c.searches++
	return c.Engine.Search(ctx, pos, lim, info)
}

// serveBook runs a session with the given book settings on input and
// returns its output and the engine's search count.
func serveBook(t *testing.T, proto, bookName string, randomness int, input string) (string, *countingEngine) {
	t.Helper()
	st := goldenSettings(proto)
	st.Book, st.BookRandomness = bookName, randomness
	eng := &countingEngine{Engine: enginetest.New(t, search.Options{HashMB: 4})}
	var out bytes.Buffer
	cfg := Config{Settings: st, Log: io.Discard, NewEngine: func(search.Options) (Engine, error) { return eng, nil }}
	if err := Serve(strings.NewReader(input), &out, cfg); err != nil {
		t.Fatal(err)
	}
	return out.String(), eng
}

func TestGenmovePlaysTheBookMoveWithoutSearching(t *testing.T) {
	b, err := book.Default()
	if err != nil {
		t.Fatal(err)
	}
	start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	want, ok := b.Choose(start, 0, nil)
	if !ok {
		t.Fatal("the start position must be in the embedded book")
	}
	best := map[string]bool{}
	for _, m := range b.Moves(start) {
		if m.Value == want.Value {
			best["= "+gtpMove(m.Square)] = true
		}
	}
	out, eng := serveBook(t, GTP, BookDefault, 0, "genmove b\n")
	if got := strings.TrimSpace(out); !best[got] {
		t.Fatalf("genmove answered %q, want one of the book's best %v", got, best)
	}
	if eng.searches != 0 {
		t.Fatalf("a book move searched %d times", eng.searches)
	}
	// Without the book the same request searches.
	if _, eng := serveBook(t, GTP, BookOff, 0, "genmove b\n"); eng.searches != 1 {
		t.Fatalf("without a book genmove searched %d times", eng.searches)
	}
}

func TestNBoardHintStreamsBookLines(t *testing.T) {
	out, _ := serveBook(t, NBoard, BookDefault, 0, "nboard 2\nhint 3\n")
	var book, searched int
	for _, line := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(line, "book "):
			book++
			if f := strings.Fields(line); len(f) != 5 {
				t.Fatalf("book line %q: want book PV EVAL GAMES DEPTH", line)
			}
		case strings.HasPrefix(line, "search "):
			searched++
		}
	}
	if book != 3 || searched == 0 {
		t.Fatalf("hint gave %d book lines and %d search lines:\n%s", book, searched, out)
	}
}

func TestLearnAddsTheGameToTheBookFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "mine.sbk")
	// An opening the embedded book does not hold past its fourth move.
	game := "play b f5\nplay w f6\nplay b e6\nplay w f4\nplay b g6\nplay w c5\nplay b g4\nplay w g5\n"
	out, _ := serveBook(t, GTP, path, 0, game+"sable-learn\n")
	if !strings.Contains(out, "= learned into "+path) {
		t.Fatalf("sable-learn answered:\n%s", out)
	}
	b, err := book.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	moves, _ := bitboard.ParseTranscript("f5f6e6f4g6c5g4g5")
	pos, _ := bitboard.Replay(bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)), moves)
	if e, ok := b.Lookup(pos); !ok || e.Games == 0 {
		t.Fatalf("the learned game's last position is not in the book (%+v, %v)", e, ok)
	}
	// A bad book file is refused and the setting stays as it was.
	bad := filepath.Join(t.TempDir(), "bad.sbk")
	if err := writeFile(bad, "not a book"); err != nil {
		t.Fatal(err)
	}
	out, _ = serveBook(t, GTP, BookOff, 0, "sable-book "+bad+"\nsable-book\n")
	if !strings.HasPrefix(out, "? ") || !strings.Contains(out, "= off") {
		t.Fatalf("a corrupt book was not refused cleanly:\n%s", out)
	}
}

func writeFile(path, text string) error { return os.WriteFile(path, []byte(text), 0o644) }

func TestAnInterruptedLearnSaysLearnOnce(t *testing.T) {
	st := goldenSettings(GTP)
	st.Book = BookDefault
	s, err := newSession(Config{Settings: st, NewEngine: newScriptedEngine}, io.Discard, &transcript{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.close()
	for _, m := range []string{"f5", "f6", "e6", "f4", "g6", "c5", "g4", "g5"} {
		if err := s.game.Play(s.game.Position().Side, sq(t, m)); err != nil {
			t.Fatal(err)
		}
	}
	s.in.epoch++ // a ping arrived after the command
	_, err = s.learn()
	if err == nil || strings.Count(err.Error(), "learn") != 1 {
		t.Fatalf("got %v, want one learn: prefix", err)
	}
}
