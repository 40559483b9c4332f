package bitboard

import (
	"fmt"
	"math/bits"
	"strings"
)

// Variant is the rule set: how the game starts and who may move.
type Variant uint8

const (
	// Othello is the modern game: fixed crossed start, unlimited discs.
	Othello Variant = iota
	// Classic is 1880s Reversi: an empty start, four free placements on the
	// centre squares without flipping, and 32 discs per player.
	Classic
)

// Scoring decides what happens to the empty squares at the end of a game.
type Scoring uint8

const (
	// WOF gives the empty squares to the winner (World Othello Federation).
	WOF Scoring = iota
	// Discs counts the discs on the board only.
	Discs
)

// Rules is the value that search and protocols carry to know the game.
type Rules struct {
	Variant Variant
	Scoring Scoring
}

// DefaultRules returns the rules of each variant as its players expect them:
// Othello with WOF scoring, classic Reversi with disc-count scoring.
func DefaultRules(v Variant) Rules {
	if v == Classic {
		return Rules{Variant: Classic, Scoring: Discs}
	}
	return Rules{Variant: Othello, Scoring: WOF}
}

// DiscsPerPlayer is the classic supply: a player who has placed this many
// discs cannot move again.
const DiscsPerPlayer = 32

// classicOpening is the number of free placements that open a classic game.
const classicOpening = 4

// centre holds d4, e4, d5 and e5, where the classic opening places discs.
const centre = uint64(1)<<SqD4 | uint64(1)<<SqE4 | uint64(1)<<SqD5 | uint64(1)<<SqE5

// FinalScore returns the final disc difference for the player to move of a
// finished game, under scoring s.
func FinalScore(b Board, s Scoring) int {
	p, o := bits.OnesCount64(b.P), bits.OnesCount64(b.O)
	diff := p - o
	if s == Discs {
		return diff
	}
	empties := 64 - p - o
	switch {
	case diff > 0:
		return diff + empties
	case diff < 0:
		return diff - empties
	}
	return 0
}

// String names the variant as the command line spells it.
func (v Variant) String() string {
	if v == Classic {
		return "classic"
	}
	return "othello"
}

// String names the scoring as the command line spells it.
func (s Scoring) String() string {
	if s == Discs {
		return "discs"
	}
	return "wof"
}

// ParseVariant reads "othello" or "classic" (also "reversi"), any case.
func ParseVariant(s string) (Variant, error) {
	switch strings.ToLower(s) {
	case "othello":
		return Othello, nil
	case "classic", "reversi":
		return Classic, nil
	}
	return 0, fmt.Errorf("unknown rules %q (want othello or classic)", s)
}

// ParseScoring reads "wof" or "discs", any case.
func ParseScoring(s string) (Scoring, error) {
	switch strings.ToLower(s) {
	case "wof":
		return WOF, nil
	case "discs", "disc":
		return Discs, nil
	}
	return 0, fmt.Errorf("unknown scoring %q (want wof or discs)", s)
}

// ParseRules reads a --rules and a --scoring flag: the variant, and the
// scoring, or when scoring is empty the variant's customary one.
func ParseRules(variant, scoring string) (Rules, error) {
	v, err := ParseVariant(variant)
	if err != nil {
		return Rules{}, err
	}
	r := DefaultRules(v)
	if scoring != "" {
		if r.Scoring, err = ParseScoring(scoring); err != nil {
			return Rules{}, err
		}
	}
	return r, nil
}
