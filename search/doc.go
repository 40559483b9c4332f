// Package search holds Sable's searches: the exact endgame solver and the
// iterative-deepening midgame search, with their transposition table, move
// ordering, time management and parallel workers. An Engine owns all of its
// state, so several engines can live in one process.
package search
