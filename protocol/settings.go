package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/book"
	"github.com/sable-othello/sable/record"
	"github.com/sable-othello/sable/search"
)

// DefaultLevel is the strength used when nothing bounds a move: no depth,
// level, move time or game clock. Level 12 answers in well under a second on
// one core from the XOT openings (measured with search at 616b265), which
// keeps a GUI game without a clock responsive.
const DefaultLevel = 12

// maxHashMB bounds the transposition table a protocol command may ask for.
const maxHashMB = 1 << 16

// Settings are the engine settings a user can change from the command line
// or with a protocol command (GTP sable-NAME, NBoard set NAME).
type Settings struct {
	Rules    bitboard.Rules
	Depth    int           // midgame depth in plies; 0 = unset
	Level    int           // Edax-style level 0..search.MaxLevel; 0 = unset
	MoveTime time.Duration // time per move; 0 = unset
	Threads  int           // search threads
	HashMB   int           // transposition table size
	// Book names the opening book: BookDefault (the embedded one), BookOff,
	// or a file, read if it exists and where learned games are saved.
	Book string
	// BookRandomness lets the book play any of its moves within this many
	// discs of the best, so that games vary.
	BookRandomness int
}

// Book setting values besides a file.
const (
	BookDefault = book.DefaultName // the embedded book
	BookOff     = book.OffName
)

// defaultBookRandomness plays the book's best move, as Edax does by default.
// Matches over XOT openings hardly tell (the book has a move in 4 of 100 XOT
// starts): at 0.1 s a move over 200 games, no book against a randomness of
// 1 +35 Elo [-10, +81], against 0 -33 [-79, +12] (docs/tuning.md).
const defaultBookRandomness = 0

// SettingNames returns the names Settings.Set accepts, in the order the
// protocols list them.
func SettingNames() []string {
	return []string{"rules", "scoring", "depth", "level", "time", "threads", "hash", "book", "book-randomness"}
}

// DefaultSettings returns Othello with WOF scoring, the search's default
// table and threads, and the embedded book, with no depth, level or time
// set.
func DefaultSettings() Settings {
	o := search.DefaultOptions()
	return Settings{Rules: bitboard.DefaultRules(bitboard.Othello), Threads: o.Threads, HashMB: o.HashMB,
		Book: BookDefault, BookRandomness: defaultBookRandomness}
}

// Set changes the setting called name to value. Errors start with the
// setting and the rejected value (threads "0": ...), so that callers add
// only their own word ("set", "--"); on error the settings are unchanged.
func (s *Settings) Set(name, value string) error {
	value = strings.Trim(value, " \t")
	switch name {
	case "rules":
		v, err := bitboard.ParseVariant(value)
		if err != nil {
			return fmt.Errorf("rules %q: want othello or classic", value)
		}
		// A new variant brings its customary scoring (classic counts discs).
		if v != s.Rules.Variant {
			s.Rules = bitboard.DefaultRules(v)
		}
	case "scoring":
		sc, err := bitboard.ParseScoring(value)
		if err != nil {
			return fmt.Errorf("scoring %q: want wof or discs", value)
		}
		s.Rules.Scoring = sc
	case "depth":
		return setInt(&s.Depth, name, value, 0, 60)
	case "level":
		return setInt(&s.Level, name, value, 0, search.MaxLevel) // 0: none
	case "time":
		d, err := record.ParseSeconds(value)
		if err != nil || d > 1e6*time.Second {
			return fmt.Errorf("time %q: want seconds per move, 0 for none", value)
		}
		s.MoveTime = d
	case "threads":
		return setInt(&s.Threads, name, value, 1, 1024)
	case "hash":
		return setInt(&s.HashMB, name, value, 1, maxHashMB)
	case "book":
		if value == "" {
			return fmt.Errorf("book %q: want %s, %s or a file name", value, BookDefault, BookOff)
		}
		s.Book = value
	case "book-randomness":
		return setInt(&s.BookRandomness, name, value, 0, 64)
	default:
		return fmt.Errorf("%s: unknown setting (want one of %s)", name, strings.Join(SettingNames(), ", "))
	}
	return nil
}

// Get returns the value of the setting called name as Set reads it.
func (s *Settings) Get(name string) (string, error) {
	switch name {
	case "rules":
		return s.Rules.Variant.String(), nil
	case "scoring":
		return s.Rules.Scoring.String(), nil
	case "depth":
		return strconv.Itoa(s.Depth), nil
	case "level":
		// Unset, it is the level a move without a clock is searched at.
		return strconv.Itoa(s.moveLimits(search.Clock{}).Level), nil
	case "time":
		return strconv.FormatFloat(s.MoveTime.Seconds(), 'f', -1, 64), nil
	case "threads":
		return strconv.Itoa(s.Threads), nil
	case "hash":
		return strconv.Itoa(s.HashMB), nil
	case "book":
		return s.Book, nil
	case "book-randomness":
		return strconv.Itoa(s.BookRandomness), nil
	}
	return "", fmt.Errorf("%s: unknown setting (want one of %s)", name, strings.Join(SettingNames(), ", "))
}

// setInt parses an integer setting within [lo, hi].
func setInt(dst *int, name, value string, lo, hi int) error {
	n, err := strconv.Atoi(value)
	if err != nil || n < lo || n > hi {
		return fmt.Errorf("%s %q: want an integer %d..%d", name, value, lo, hi)
	}
	*dst = n
	return nil
}

// moveLimits returns the limits of a move searched under the settings with
// the given clock. With nothing set at all the move is searched at
// DefaultLevel, so that no search runs without end.
func (s *Settings) moveLimits(clock search.Clock) search.Limits {
	lim := search.Limits{Depth: s.Depth, Level: s.Level, Time: s.MoveTime, Clock: clock}
	if lim == (search.Limits{}) {
		lim.Level = DefaultLevel
	}
	return lim
}

// engineOptions returns the options of an engine built for the settings
// with cfg's evaluation, with the solved cache: a game keeps meeting the
// positions its endgame solves already proved.
func (s *Settings) engineOptions(cfg Config) search.Options {
	return search.Options{Threads: s.Threads, HashMB: s.HashMB, Eval: cfg.Eval, Probcut: cfg.Probcut,
		SolvedEntries: search.DefaultSolvedEntries}
}
