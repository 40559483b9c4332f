// Package dataset holds the files that the training tools pass to each
// other: self-play games (compressed, a few bytes a move) and labelled positions
// (binary), both written atomically so that an interrupted tool never
// leaves a half-written file behind.
package dataset
