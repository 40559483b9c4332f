package search

import "time"

// The search's tuning settings, in one place. Each says what it does and
// the figure that decided it; docs/tuning.md keeps the tables of the
// variants measured against it. FFO figures are nodes (and CPU seconds
// where time decided) on one thread, solving the positions with sable
// solve; "not measured" marks a setting kept from the first version.

// Endgame, by empty squares.
const (
	// shallowEmpties is the largest position solved without the shared
	// table (shallow.go), with the worker's local one: 9 against 8, FFO
	// #40-#49 in 21.8-22.3 s against 24.0-24.3 s of CPU, though with
	// 452.8 M nodes against 444.3 M; 10 took 22.9-23.0 s.
	shallowEmpties = 9
	// localTableBits sizes the worker's local table of the shallow layer's
	// exact bounds (2^14 entries, 384 KiB). Kept at every empties of the
	// layer: FFO #40-#49 525.3 M -> 452.8 M nodes, bench/wthor-24-26.obf
	// 2609.3 M -> 2282.5 M, with 3% less CPU (from 7 empties only: FFO
	// 484.5 M).
	localTableBits = 14
	// localETCMinEmpties is where the shallow layer probes its children in
	// the local table before searching any (enhanced transposition
	// cut-offs): from 6, FFO #40-#49 452.8 M -> 444.3 M nodes,
	// bench/wthor-24-26.obf 2282.5 M -> 2237.1 M, at the same CPU.
	localETCMinEmpties = 6
	// etcMinEmpties is where enhanced transposition cut-offs start: 11
	// against 10, FFO #40-#49 in 21.2-21.6 s against 22.0-22.6 s for 492.4 M
	// nodes against 489.5 M; 12 and 13 gained nothing.
	etcMinEmpties = 11
	// endSortMinEmpties is where endgame moves are ordered by a shallow
	// midgame search instead of fastest-first: 16 against 14, FFO #40-#49
	// 501.0 M nodes in 24.0-24.4 s against 522.7 M in 26.0-26.2 s.
	endSortMinEmpties = 16
	// endSortLag and endSortMaxDepth make the depth of the endgame's
	// ordering searches, min(endSortMaxDepth, (empties-endSortLag)/2):
	// 1-ply searches from 16 empties, 2-ply ones from 18. Against 2-ply
	// from 17, FFO #40-#49 489.5 M nodes against 490.4 M; against 3-ply
	// from 20 and 4-ply from 23, 871.0 M against 910.1 M.
	endSortLag      = 14
	endSortMaxDepth = 2
	// endSortValueShift weighs the value of the endgame's ordering search in
	// a move's score: a disc is worth 2^14, half an opponent reply, where
	// the midgame's 2^16 makes it two: FFO #40-#49 546.1 M -> 525.3 M
	// nodes, bench/wthor-24-26.obf 2793.6 M -> 2609.3 M (256 MB table).
	endSortValueShift = 14
	// orderEvalMinEmpties is where the fastest-first order of the hashed
	// endgame adds the ordering evaluation (eval.Order) of each child,
	// weighted by orderEvalShift (a disc is worth 2^(shift+6), a reply
	// 2^15): FFO #40-#49 507.5 M -> 445.5 M nodes, WTHOR 24-26 (first 8)
	// 878.2 M -> 773.0 M; from 9 empties fewer nodes still but 10% more
	// CPU, from 13 fewer savings.
	orderEvalMinEmpties = 11
	orderEvalShift      = 6
	// stopCheckInterval is how many hashed nodes pass between looks at the
	// stop flag: a few microseconds of search, far below the 10 ms in which
	// a search must stop (not measured).
	stopCheckInterval = 1 << 10
)

// stabilityThreshold[e] is the lowest alpha at which the stable-disc
// cut-off is tried at e empties: Edax's published values, 4 lower at 4-7
// empties, FFO #40-#49 496.8 M nodes against Edax's 511.2 M at the same
// CPU time (lower values cut more nodes but cost more time in counts).
var stabilityThreshold = [65]int{
	99, 99, 99, 99, 2, 4, 6, 8, 14, 16, 20, 22, 24, 26, 28, 30,
	32, 34, 36, 38, 40, 42, 44, 46, 48, 48, 50, 50, 52, 52, 54, 54,
	56, 56, 58, 58, 60, 60, 62, 62, 64, 64, 64, 64, 64, 64, 64, 64,
	99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99, 99,
}

// Midgame, by remaining depth.
const (
	// hashMinDepth is the least depth whose nodes use the hash table: 3
	// against 2, the bench at depth 11 searched 2% more nodes in 12% less
	// time.
	hashMinDepth = 3
	// sortMinDepth is the least depth whose moves are ordered by their
	// children's values instead of by mobility alone: 3 and 5 were even
	// with it on the bench at depths 14 and 16 with 73% probcut.
	sortMinDepth = 4
	// sortLag and sortMaxDepth make the depth of the ordering search at a
	// node of depth d, min(sortMaxDepth, (d-sortLag)/3): the children's
	// evaluations up to depth 16, 1-ply searches from 17. Against (d-2)/3
	// the bench with 73% probcut took 31.7 M nodes against 65.8 M at depth
	// 16 and 76.7 M against 180.4 M (5.0 s against 9.5 s) at depth 18;
	// lags of 8 and 11 were even with 14 at depths 14 to 20.
	sortLag      = 14
	sortMaxDepth = 4
	// sortValueShift weighs the ordering search's value in a move's score:
	// a disc is worth 2^16, two opponent replies. On the bench at depth 16
	// with 73% probcut, 2^13 took 35.4 M nodes, 2^16 31.7 M, 2^17 to 2^20
	// 31.0 M: too close to change.
	sortValueShift = 16
)

// Iterations of a search.
const (
	// aspirationWindow is the half-width, in discs, of the first window
	// around the last iteration's score; it doubles on each failure. 2 in
	// the searches to the end saved nodes on FFO #20-#39 (80.5 M -> 75.5 M)
	// but cost them on the larger #50-#52 (871.4 M -> 878.2 M).
	aspirationWindow = 4
	// solveGap is how far before the end the midgame iterations of a solve
	// stop: FFO #40-#49 490.4 M nodes with 14, 630.3 M with 12, 520.2 M
	// with 16 (#20-#39 80.5 M, 73.3 M, 82.2 M).
	solveGap = 14
)

// timedSelectivity is the probcut level of the midgame iterations of a
// search bounded only by time, as at the levels that cut: at 0.1 s a move,
// +173 Elo [+106, +255] against no cut over 100 XOT games; 87% was even
// with 73% (docs/tuning.md).
var timedSelectivity = selectivityIndex(73)

// solvePreselectivity is the probcut level of the midgame iterations that
// precede a solve: 87% against 73%, FFO #40-#49 910 M nodes against 948 M
// (#20-#39 161 M against 160 M).
var solvePreselectivity = selectivityIndex(87)

// solveIterations are the selective searches to the end of the game run
// between the midgame iterations and the exact solve, each at its probcut
// level in a solve of at least its empties: an 87% step from 23 empties
// (FFO #40-#49 576.3 M -> 546.1 M nodes, WTHOR 24-26 first 8 767.3 M ->
// 749.9 M), and the 95% one that pays on the larger solves (FFO #50-#52
// 904.5 M nodes against 946.0 M with 73% alone) and costs more than it
// saves below 27 empties (from 20, FFO #20-#39 92.1 M against 79.5 M).
var solveIterations = []struct {
	selectivity uint8
	minEmpties  int
}{{selectivityIndex(73), 20}, {selectivityIndex(87), 23}, {selectivityIndex(95), 27}}

// selectiveEndMinEmpties[s] is the least empties at which a node searched
// to the end of the game at selectivity level s is cut by probcut; below
// it the exact endgame search takes over. 73% from 12 empties, the others
// from 14: FFO #20-#39 80.5 M nodes against 86.6 M with 14 for all,
// #40-#49 490.4 M against 520.1 M.
var selectiveEndMinEmpties = [noProbcut + 1]int{12, 14, 14, 14, 14, 64}

// Multi-ProbCut.
const (
	// mpcMinDepth is the least depth where a cut is tried: 2 and 4 against
	// 3, +4 and -20 Elo (both ±31) over 400 games at 0.05 s a move
	// (docs/tuning.md).
	mpcMinDepth = 3
	// mpcMaxRecursion stops probcut searches inside probcut searches beyond
	// this level: 1 against 2, -66 Elo [-99, -34] over 400 games at 0.05 s
	// a move; 3, 4 and no limit +23, +1 and +1 (±31).
	mpcMaxRecursion = 2
)

// The MPC error model's coefficients (DefaultProbcut), fitted for the
// embedded weights by "sable mpcfit --positions 500 --depth 13 --seed 1
// --games" runs -n, -o and -p of data/selfplay and WTH_2015.wtb; rerun it
// when the evaluation changes. Played positions err by about three
// quarters of what random play's did (the fit before, 6.5430, -0.0532,
// 0.3875, -0.9559), and with the deeper cuts that follow Sable at 0.1 s a
// move scored 54.6% against NTest at depth 16, where that fit scored 47.5%
// on the same 500 openings (docs/tuning.md).
const (
	mpcA = 3.5896
	mpcB = -0.0409
	mpcC = 0.1645
	mpcD = -0.3147
)

// Parallel search: smaller subtrees cost more to share than to search.
const (
	// splitMinDepth is the least midgame depth at which a node shares its
	// moves (not measured).
	splitMinDepth = 4
	// splitMinEmpties is the least empties at which an exact endgame node
	// shares its moves: 12 and 10 are within the noise of each other (FFO
	// #40-#49 on 2 threads, 13.7-14.7 s against 13.9-14.1 s).
	splitMinEmpties = 12
)

// Levels (levels.go), on Edax's scale.
const (
	// levelProbcutFrom is the least level whose midgame iterations cut by
	// probcut (at 73%), as Edax's do from the same level (not measured).
	levelProbcutFrom = 9
	// levelWLDMargin is how many empties before its exact solve a level
	// solves for win/loss/draw (not measured).
	levelWLDMargin = 2
)

// Move ordering weights (ordering.go). Opponent mobility dominates
// (fastest-first), then the mover's discs at the corners, potential
// mobility, parity and square value.
const (
	// mobilityWeight is the cost of each opponent reply, corners counting
	// twice.
	mobilityWeight = 1 << 15
	// cornerShift weighs cornerDiscs 2^11 each: FFO #40-#44 102.1 M nodes
	// with it, 112.2 M without.
	cornerShift = 11
	// potentialShift weighs potential mobility 2^5 per square (not
	// measured).
	potentialShift = 5
	// parityBonus favours a move in an odd quadrant: 2^10 instead, FFO
	// #40-#49 607.2 M nodes against 602.7 M.
	parityBonus = 1 << 3
)

// Time management (timeman.go).
const (
	// moveOverhead is kept back from every budget for the protocol round
	// trip and the hand-off after the stop: a few milliseconds measured,
	// doubled.
	moveOverhead = 10 * time.Millisecond
	// lowTime is the remaining time under which the engine answers after a
	// shallow search at once: with under 50 ms left it must not lose on
	// time.
	lowTime = 60 * time.Millisecond
	// softFraction is the share of the hard budget of a fixed move time or
	// a byo-yomi period after which no new iteration starts. An iteration
	// that the hard limit stops still plays the root move it proved better,
	// so starting one late pays: 0.75 with that against 0.5 without, +37 Elo
	// [+5, +68] over 400 games at 0.1 s a move; 1.0 against 0.75, +1
	// (docs/tuning.md).
	softFraction = 0.75
)
