package bitboard

import "golang.org/x/sys/cpu"

// useAVX2 selects the vector move generator; it is fixed at start-up.
var useAVX2 = cpu.X86.HasAVX2 && cpu.X86.HasBMI1

// movesAVX2 is Moves on four directions at once (moves_amd64.s).
//
//go:noescape
func movesAVX2(p, o uint64) uint64

// flipsAVX2 is Flips on four rays at once (moves_amd64.s).
//
//go:noescape
func flipsAVX2(sq int, p, o uint64) uint64

// mobilityAVX2 is Mobility, both fills interleaved (moves_amd64.s).
//
//go:noescape
func mobilityAVX2(p, o uint64) (pm, om uint64)

// mobility is Mobility: mobilityAVX2 with AVX2, else mobilityGo
// (moves_amd64.s).
func mobility(p, o uint64) (pm, om uint64)

// moves is Moves: movesAVX2 with AVX2, else movesGo (moves_amd64.s). Being
// one call, Moves inlines into its callers.
func moves(p, o uint64) uint64

// flips is Flips: flipsAVX2 with AVX2, else flipsGo (moves_amd64.s).
func flips(sq int, p, o uint64) uint64
