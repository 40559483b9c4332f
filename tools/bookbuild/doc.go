// Package bookbuild builds Sable's opening books (package book): Seeder
// starts a book from the positions that enough games reached, Evaluate
// searches the leaves of the positions that wait for it on many engines,
// Deviate grows the book along the lines worth playing, Merge joins the
// books of a build split into shards, and Stats sums a book up. The same
// flags and engine build the same book, however the work was interrupted,
// sharded or spread over workers. "sable book" runs them.
package bookbuild
