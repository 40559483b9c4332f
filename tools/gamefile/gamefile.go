// Package gamefile reads the games of every file Sable's tools take: WTHOR
// .wtb files or a directory of them, GGF or SGF records (one game or many,
// such as a sable match results file), self-play games files, and
// transcripts one a line (such as XOT lists). One function tells the
// formats apart, so that "sable book", "sable review" and "sable label"
// read a file the same way.
//
// A file that cannot be read (a syntax error in a record or a transcript)
// is an error naming its line and column. A game that reads but does not
// replay legally is set aside in File.Bad, naming it, for each tool to
// refuse or skip as it sees fit.
package gamefile

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
	"github.com/sable-othello/sable/tools/dataset"
)

// Format is the kind of a game file.
type Format uint8

// The formats Read tells apart.
const (
	WTHOR       Format = iota // a .wtb file, or a directory of them
	Records                   // GGF or SGF game records
	SelfPlay                  // a "sable selfplay" games file
	Transcripts               // one transcript a line
)

// String names the format for messages.
func (f Format) String() string {
	return [...]string{"WTHOR", "game records", "self-play games", "transcripts"}[f]
}

// Played is one game of a file: where it is, who played it, where it
// started and the moves played (passes may be written or left out), and
// what the file knows of its values, from Black's side.
type Played struct {
	File    string // the file it is in (one of a WTHOR directory's)
	Index   int    // the game's number in its file, from 1; a self-play game's index in its run
	Players [2]string
	Start   bitboard.Position // with the game's rules
	Moves   []int
	// Result is Black's recorded final disc difference, when HasResult.
	Result    int
	HasResult bool
	// TheoreticalEmpties is, for a WTHOR game, the number of empties of
	// the position whose perfect-play score for Black the record gives in
	// TheoreticalBlack (WTHOR writes the final score there when it did
	// not compute it); -1 for other games.
	TheoreticalEmpties, TheoreticalBlack int
	// Random is, for a self-play game, the number of its first moves that
	// the engine did not choose; PerfectFrom the empties from which it
	// was solved to the end (-1 for other games).
	Random, PerfectFrom int
	// Scores holds, for a self-play game that recorded them, the engine's
	// score of each of its moves (Moves[Random:]), in discs for the mover.
	Scores []int
}

// Positions returns the position before each move that is not a pass,
// then the final position.
func (g *Played) Positions() ([]bitboard.Position, error) {
	return bitboard.ReplayPositions(g.Start, g.Moves)
}

// OthelloMoves returns the moves of a game played from the standard
// Othello start, and an error for a game that starts elsewhere (a set-up
// position, classic Reversi).
func (g *Played) OthelloMoves() ([]int, error) {
	if g.Start != bitboard.NewGame(bitboard.DefaultRules(bitboard.Othello)) {
		return nil, errors.New("the game starts from a set-up position, not the Othello start")
	}
	return g.Moves, nil
}

// File is the games of one file.
type File struct {
	Path   string
	Format Format
	Games  []Played // the games that replay, in file order
	Bad    []error  // the games that do not, each error naming the file and the game
}

// Read reads the games of the file or directory at path. rules are those
// of games whose file does not say them (transcripts, and records whose
// start and result do not tell).
func Read(path string, rules bitboard.Rules) (*File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	f := &File{Path: path}
	var games []Played
	var bad []error
	if st.IsDir() || strings.EqualFold(filepath.Ext(path), ".wtb") {
		f.Format = WTHOR
		games, bad, err = wthorGames(path, st.IsDir())
	} else {
		f.Format, games, err = fileGames(path, rules)
	}
	if err != nil {
		return nil, err // every reader names the file
	}
	f.Bad = bad
	for _, g := range games {
		if g.File == "" {
			g.File = path
		}
		if err := check(&g, f.Format); err != nil {
			f.Bad = append(f.Bad, fmt.Errorf("%s: game %d: %w", g.File, g.Index, err))
			continue
		}
		f.Games = append(f.Games, g)
	}
	return f, nil
}

// fileGames reads a file of self-play games, records or transcripts, told
// apart by their first bytes. Its errors name the file, as those of the
// self-play and WTHOR readers do, and the line and column in a text.
func fileGames(path string, rules bitboard.Rules) (Format, []Played, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, nil, err
	}
	defer f.Close()
	// Peek, so that a file read from a pipe keeps its first bytes.
	r := bufio.NewReader(f)
	if head, _ := r.Peek(len(gzipMagic)); bytes.Equal(head, gzipMagic) {
		games, err := selfPlayGames(r, path)
		return SelfPlay, games, err
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return 0, nil, err // it names the file
	}
	format, text := Transcripts, strings.TrimSpace(string(data))
	var games []Played
	if strings.HasPrefix(text, "(") {
		format = Records
		games, err = recordGames(text, rules)
	} else {
		games, err = transcriptGames(string(data), rules)
	}
	var at *record.Error
	switch {
	case errors.As(err, &at):
		return format, nil, fmt.Errorf("%s:%d:%d: %w", path, at.Line, at.Column, err)
	case err != nil:
		return format, nil, fmt.Errorf("%s: %w", path, err)
	}
	return format, games, nil
}

// check replays a game: its moves must be legal, and a self-play game must
// end on the board with the score it records.
func check(g *Played, f Format) error {
	end, err := bitboard.Replay(g.Start, g.Moves)
	if err != nil || f != SelfPlay {
		return err
	}
	return dataset.CheckEnd(&end, len(g.Moves), g.Result)
}

// ReadAll reads the games of every path with Read, in order, and returns
// the games that replay and the errors of those that do not.
func ReadAll(paths []string, rules bitboard.Rules) ([]Played, []error, error) {
	var games []Played
	var bad []error
	for _, p := range paths {
		f, err := Read(p, rules)
		if err != nil {
			return nil, nil, err
		}
		games, bad = append(games, f.Games...), append(bad, f.Bad...)
	}
	return games, bad, nil
}
