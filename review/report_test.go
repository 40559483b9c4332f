package review

import (
	"reflect"
	"testing"

	"github.com/sable-othello/sable/bitboard"
)

func TestSummaryAddsUpEachPlayerOverColours(t *testing.T) {
	games := []GameReview{
		{PlayedGame: PlayedGame{Index: 1, Black: "A", White: "B"}, Reviewed: []Move{
			{Color: bitboard.Black, Loss: 4}, {Color: bitboard.White, Loss: 0}, {Color: bitboard.Black, Loss: 12}}},
		{PlayedGame: PlayedGame{Index: 2, Black: "B", White: "A"}, Reviewed: []Move{
			{Color: bitboard.Black, Loss: 6}, {Color: bitboard.White, Loss: 2}}},
	}
	got := Summarize(games, DefaultThresholds())
	want := []PlayerTotals{
		{Name: "B", Games: 2, Totals: Totals{Moves: 2, Loss: 6, Marks: [NumMarks]int{Good: 1, Mistake: 1}}},
		{Name: "A", Games: 2, Totals: Totals{Moves: 3, Loss: 18, Marks: [NumMarks]int{Inaccuracy: 2, Blunder: 1}}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Summarize = %+v, want %+v", got, want)
	}
}
