// Package book holds Sable's opening book: positions met in the opening,
// each valued by negamax over the best-known lines below it, so that the
// engine plays its first moves without thinking and varies them among
// moves of about equal value.
//
// Positions are keyed by their canonical (symmetry-reduced) board, always
// with a legal move for the side to move (a forced pass is applied before
// storing). Each entry keeps the number of games through it and its "leaf":
// the best move leading out of the book, valued by a search. Negamax then
// gives every entry the best of its leaf and of its children in the book.
//
// Values are disc differences for the side to move under Othello rules with
// WOF scoring. The engine probes a book (Lookup, Moves, Choose, Line),
// plays from it (Player) and learns games into it (Learn); the file format
// is file.go's. Books are built by tools/bookbuild ("sable book"), through
// the stored view of Node, AddGames and SetLeaf.
package book

import (
	"math/bits"

	"github.com/sable-othello/sable/bitboard"
)

// NoMove marks a missing move (no leaf, no best move). It differs from
// bitboard.PassMove: book positions always have a move, never a pass.
const NoMove = -2

// noSquare stores NoMove in a record's one-byte move fields.
const noSquare = 0xff

// Record flags.
const (
	flagExact  = 1 << iota // the leaf value is the exact final score
	flagValued             // Value and Best hold a negamax result
)

// record is one position as the book stores it, in its canonical
// orientation. A zero depth means the leaf has not been searched yet.
type record struct {
	key       bitboard.Board
	games     uint32
	value     int8
	best      uint8 // canonical square, or noSquare
	leaf      uint8 // canonical square, or noSquare when every move is in the book
	leafValue int8
	depth     uint8 // search depth of the leaf; 0 = not searched
	flags     uint8
}

// valued reports whether the record holds a negamax value.
func (r *record) valued() bool { return r.flags&flagValued != 0 }

// Book is an opening book. It is not safe for concurrent modification;
// concurrent probes (Lookup, Moves, Choose) of an unchanging book are safe.
type Book struct {
	index map[bitboard.Board]int32 // canonical board -> position in recs
	recs  []record
}

// New returns an empty book.
func New() *Book { return &Book{index: map[bitboard.Board]int32{}} }

// Len returns the number of positions in the book.
func (b *Book) Len() int { return len(b.recs) }

// Entry is what the book knows of a position, with moves in the orientation
// of the position that was looked up.
type Entry struct {
	Value int // negamax value in discs for the side to move
	Best  int // the move that reaches Value
	Games int // games through the position when the book was built or taught
	// Leaf is the best move leading out of the book, or NoMove when every
	// legal move leads to a book position; LeafValue is its searched value.
	Leaf      int
	LeafValue int
	Depth     int  // depth (or level) of the search that valued the leaf
	Exact     bool // LeafValue is the exact final score
}

// Lookup returns the entry of pos's board when the book has a value for it.
// Any rules may be asked about: the book holds boards, and a position whose
// side to move must pass is never in it.
func (b *Book) Lookup(pos bitboard.Position) (Entry, bool) {
	if pos.Moves() == 0 {
		return Entry{}, false
	}
	c, s := pos.Board.Canonical()
	r := b.find(c)
	if r == nil || !r.valued() {
		return Entry{}, false
	}
	inv := bitboard.InverseSymmetry(s)
	return Entry{
		Value: int(r.value), Best: fromCanonical(r.best, inv), Games: int(r.games),
		Leaf: fromCanonical(r.leaf, inv), LeafValue: int(r.leafValue),
		Depth: int(r.depth), Exact: r.flags&flagExact != 0,
	}, true
}

// find returns the record of a canonical board, or nil.
func (b *Book) find(c bitboard.Board) *record {
	i, ok := b.index[c]
	if !ok {
		return nil
	}
	return &b.recs[i]
}

// add stores a new record for canonical board c with the given games and
// returns it; c must not be in the book yet.
func (b *Book) add(c bitboard.Board, games uint32) *record {
	b.index[c] = int32(len(b.recs))
	b.recs = append(b.recs, record{key: c, games: games, best: noSquare, leaf: noSquare})
	return &b.recs[len(b.recs)-1]
}

// fromCanonical maps a stored square back through symmetry inv.
func fromCanonical(sq uint8, inv int) int {
	if sq == noSquare {
		return NoMove
	}
	return bitboard.SymmetrySquare(int(sq), inv)
}

// ply returns how many moves led from the standard start to board c.
func ply(c bitboard.Board) int { return bits.OnesCount64(c.P|c.O) - 4 }
