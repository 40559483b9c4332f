package search

// Levels follow Edax's scale: level L searches the midgame to depth L with
// probabilistic cuts from level 9 on, and solves the end once it is in
// reach. Our solver is slower than Edax's at the same empties, so the
// solving points are a little earlier in the game than Edax's.

// MaxLevel is the strongest level: a 60-ply search, solving from 60 empties.
const MaxLevel = 60

// levelPlan returns the midgame depth, selectivity, and the empties at
// which the search solves exactly and for win/loss/draw at level L.
func levelPlan(level int) (depth int, selectivity uint8, exactEmpties, wldEmpties int) {
	level = max(1, min(MaxLevel, level))
	depth = level
	selectivity = noProbcut
	if level >= levelProbcutFrom {
		selectivity = selectivityIndex(73) // the cut level of strong engines' midgame
	}
	exactEmpties = min(60, level+level/5+1)
	wldEmpties = min(60, exactEmpties+levelWLDMargin)
	return depth, selectivity, exactEmpties, wldEmpties
}

// ExactEmpties returns the empties from which a search at level solves the
// game exactly, so that tools can say which of their values are exact.
func ExactEmpties(level int) int {
	_, _, exact, _ := levelPlan(level)
	return exact
}
