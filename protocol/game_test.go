package protocol

import (
	"errors"
	"strings"
	"testing"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

// forcedPassLine leads to a position where Black must pass and White has
// moves (e3 among them).
const forcedPassLine = "d3c3b3b2f5a3a1c1"

// wipeOutLine is a nine-move game that ends with White wiped out.
const wipeOutLine = "d3c3b3d2e1d6d7e3f4"

func sq(t *testing.T, name string) int {
	t.Helper()
	s, err := bitboard.ParseSquare(name)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// playLine plays a transcript on a new Othello game, colours alternating.
func playLine(t *testing.T, line string) *GameState {
	t.Helper()
	g := NewGameState(bitboard.DefaultRules(bitboard.Othello))
	moves, err := bitboard.ParseTranscript(line)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if err := g.Play(g.Position().Side, m); err != nil {
			t.Fatalf("%s: %v", bitboard.SquareName(m), err)
		}
	}
	return g
}

func TestPassIsInsertedWhenTheOtherColourMovesAfterAForcedPass(t *testing.T) {
	g := playLine(t, forcedPassLine)
	if pos := g.Position(); !pos.MustPass() || pos.Side != bitboard.Black {
		t.Fatal("setup: Black should have to pass")
	}
	if err := g.Play(bitboard.White, sq(t, "e3")); err != nil {
		t.Fatalf("white e3 after black's forced pass: %v", err)
	}
	plies := g.Plies()
	if n := len(plies); n != 10 || !plies[8].Implied || plies[8].Move != bitboard.PassMove || plies[9].Side != bitboard.White {
		t.Fatalf("want an implied black pass then white e3, got %+v", plies[8:])
	}
}

func TestWrongColourIsRefusedWhenTheSideToMoveHasAMove(t *testing.T) {
	g := playLine(t, "f5")
	before := g.Position()
	if err := g.Play(bitboard.Black, sq(t, "d3")); !errors.Is(err, ErrWrongColor) {
		t.Fatalf("black d3 with White to move: got %v, want wrong color", err)
	}
	if g.Position() != before || len(g.Plies()) != 1 {
		t.Fatal("a refused move changed the game")
	}
}

func TestExplicitPassIsAcceptedOnlyWhenForced(t *testing.T) {
	g := playLine(t, "f5")
	if err := g.Play(bitboard.White, bitboard.PassMove); !errors.Is(err, ErrIllegalMove) {
		t.Fatalf("pass with moves available: got %v", err)
	}
	g = playLine(t, forcedPassLine)
	if err := g.Play(bitboard.Black, bitboard.PassMove); err != nil {
		t.Fatalf("forced pass: %v", err)
	}
	if g.Plies()[8].Implied {
		t.Fatal("a pass the controller sent is not implied")
	}
}

func TestIllegalMoveLeavesTheGameUnchanged(t *testing.T) {
	g := playLine(t, forcedPassLine)
	before := g.Position()
	// White a8 is not legal: the implied pass must not stay behind.
	if err := g.Play(bitboard.White, sq(t, "a8")); !errors.Is(err, ErrIllegalMove) {
		t.Fatalf("got %v, want illegal move", err)
	}
	if g.Position() != before || len(g.Plies()) != 8 {
		t.Fatal("the failed move left a pass behind")
	}
}

func TestNoSquareIsLegalAtGameOver(t *testing.T) {
	g := playLine(t, wipeOutLine)
	for _, c := range []bitboard.Color{bitboard.Black, bitboard.White} {
		if err := g.Play(c, sq(t, "a1")); !errors.Is(err, ErrIllegalMove) {
			t.Errorf("%s a1 at game over: got %v, want illegal move", c, err)
		}
	}
}

// gogui-twogtp forwards both passes that end a game with play C PASS.
func TestPassesAtGameOverAreAcceptedAndUndoneFirst(t *testing.T) {
	g := playLine(t, wipeOutLine)
	end, plies := g.Position(), len(g.Plies())
	for _, c := range []bitboard.Color{bitboard.Black, bitboard.White} {
		if err := g.Play(c, bitboard.PassMove); err != nil {
			t.Fatalf("%s pass at game over: %v", c, err)
		}
	}
	if g.Position() != end || len(g.Plies()) != plies {
		t.Fatal("passes after the end changed the game")
	}
	for range 2 {
		if err := g.Undo(); err != nil || g.Position() != end || len(g.Plies()) != plies {
			t.Fatalf("undoing a pass after the end: %v, %d plies", err, len(g.Plies()))
		}
	}
	if err := g.Undo(); err != nil || len(g.Plies()) != plies-1 {
		t.Fatalf("the next undo takes back the last move: %v, %d plies", err, len(g.Plies()))
	}
}

func TestUndoTakesBackTheMoveAndItsImpliedPass(t *testing.T) {
	g := playLine(t, forcedPassLine)
	want := g.Position()
	if err := g.Play(bitboard.White, sq(t, "e3")); err != nil {
		t.Fatal(err)
	}
	if err := g.Undo(); err != nil {
		t.Fatal(err)
	}
	if g.Position() != want || len(g.Plies()) != 8 {
		t.Fatalf("undo left %d plies", len(g.Plies()))
	}
	for len(g.Plies()) > 0 {
		if err := g.Undo(); err != nil {
			t.Fatal(err)
		}
	}
	if err := g.Undo(); !errors.Is(err, ErrCannotUndo) {
		t.Fatalf("undo at the start: got %v", err)
	}
	if g.Position() != bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)) {
		t.Fatal("undoing everything should give the start position")
	}
}

func TestRescoreKeepsTheMovesAndChangesTheScore(t *testing.T) {
	g := playLine(t, wipeOutLine)
	g.Rescore(bitboard.Discs)
	pos := g.Position()
	if b, w := pos.FinalCounts(); b != 13 || w != 0 || len(g.Plies()) != 9 {
		t.Fatalf("discs scoring: %d-%d after %d plies, want 13-0 after 9", b, w, len(g.Plies()))
	}
	if err := g.Undo(); err != nil || g.Position().Rules.Scoring != bitboard.Discs {
		t.Fatal("positions before the rescore keep the old scoring")
	}
}

func TestLoadRecordStopsBeforeTheGivenMove(t *testing.T) {
	rec := &record.Record{}
	for i, m := range []string{"f5", "d6", "c3"} {
		rec.Moves = append(rec.Moves, record.Move{Square: sq(t, m), Side: bitboard.Color(i % 2)})
	}
	g, err := LoadRecord(rec, bitboard.DefaultRules(bitboard.Othello), 3)
	if err != nil || len(g.Plies()) != 2 {
		t.Fatalf("up to move 3: %v, %d plies", err, len(g.Plies()))
	}
	rec.Moves[2].Square = sq(t, "a1")
	if _, err := LoadRecord(rec, bitboard.DefaultRules(bitboard.Othello), 0); err == nil || err.Error() != "move 3 (black a1): illegal move" {
		t.Fatalf("error should name move 3: %v", err)
	}
}

func TestLoadsgfReadsAGoGuiTwogtpGame(t *testing.T) {
	// gogui-twogtp writes SGF in Go orientation (GTP c4 as B[ce]); read
	// as Othello SGF its first move would be c5, and illegal. The game
	// ends with the two passes twogtp sends once it is over.
	out := replay(t, GTP, []string{"loadsgf ../record/testdata/gogui-twogtp.sgf", "final_score"}, goldenSettings(GTP))
	if !strings.Contains(out, "< = B+26\n") {
		t.Fatalf("want the game loaded to Black's 26-disc win:\n%s", out)
	}
}

func TestAnUnplayableEngineMoveIsCaught(t *testing.T) {
	start := bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello))
	for _, m := range []int{64, -5, bitboard.PassMove, sq(t, "a1")} {
		if playable(start, m) {
			t.Errorf("%d is not playable at the start", m)
		}
	}
	if !playable(start, firstMove(start)) || firstMove(start) != sq(t, "d3") {
		t.Error("the fallback is the lowest legal square, d3")
	}
}
