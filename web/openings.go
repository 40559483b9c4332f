package web

import (
	"sync"

	"github.com/sable-othello/sable/openings"
)

// openingList returns the numbered openings of a new game: Sable's
// balanced eight-move openings, those "sable match" plays by default.
var openingList = sync.OnceValue(openings.List)
