//go:build !amd64

package bitboard

// useAVX2 is false where there is no vector move generator.
const useAVX2 = false

// movesAVX2 is never called off amd64.
func movesAVX2(p, o uint64) uint64 { return movesGo(p, o) }

// flipsAVX2 is never called off amd64.
func flipsAVX2(sq int, p, o uint64) uint64 { return flipsGo(sq, p, o) }

// moves is Moves.
func moves(p, o uint64) uint64 { return movesGo(p, o) }

// flips is Flips.
func flips(sq int, p, o uint64) uint64 { return flipsGo(sq, p, o) }

// mobilityAVX2 is never called off amd64.
func mobilityAVX2(p, o uint64) (pm, om uint64) { return mobilityGo(p, o) }

// mobility is Mobility.
func mobility(p, o uint64) (pm, om uint64) { return mobilityGo(p, o) }
