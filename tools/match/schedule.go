package match

import (
	"fmt"
	"strings"
)

// Pairing says which engines meet.
type Pairing uint8

const (
	// RoundRobin plays every engine against every other.
	RoundRobin Pairing = iota
	// Gauntlet plays the first engine against each of the others.
	Gauntlet
)

// String names the pairing as the command line spells it.
func (p Pairing) String() string {
	if p == Gauntlet {
		return "gauntlet"
	}
	return "roundrobin"
}

// ParsePairing reads "roundrobin" or "gauntlet", any case.
func ParsePairing(s string) (Pairing, error) {
	switch strings.ToLower(s) {
	case "roundrobin", "round-robin", "rr":
		return RoundRobin, nil
	case "gauntlet":
		return Gauntlet, nil
	}
	return 0, fmt.Errorf("unknown pairing %q (want roundrobin or gauntlet)", s)
}

// encounter is two engines that meet, by index. Results are counted from
// the first one's side.
type encounter struct{ a, b int }

// encounters lists who meets whom among n engines.
func encounters(n int, p Pairing) []encounter {
	var list []encounter
	for a := range n {
		for b := a + 1; b < n; b++ {
			if p == Gauntlet && a > 0 {
				return list
			}
			list = append(list, encounter{a, b})
		}
	}
	return list
}

// schedule numbers the games of a match. Games 2k and 2k+1 are a pair: the
// same encounter and opening with the colours swapped. Pairs go through the
// encounters in turn, then on to the next opening, so that every encounter
// has played as many openings as the others at any point; openings are
// reused from the first when the games outnumber them.
type schedule struct {
	encounters []encounter
	openings   []Opening
}

// scheduledGame is one game of the schedule.
type scheduledGame struct {
	index     int
	encounter int // index into schedule.encounters
	colours   [2]int
	opening   Opening
}

func (s *schedule) game(i int) scheduledGame {
	pair := i / 2
	e := s.encounters[pair%len(s.encounters)]
	g := scheduledGame{index: i, encounter: pair % len(s.encounters), colours: [2]int{e.a, e.b}}
	g.opening = s.openings[pair/len(s.encounters)%len(s.openings)]
	if i%2 == 1 {
		g.colours = [2]int{e.b, e.a}
	}
	return g
}

// fullCycle is the number of games in which every encounter plays every
// opening with both colours.
func (s *schedule) fullCycle() int { return 2 * len(s.encounters) * len(s.openings) }

// Encounters returns how many encounters the match's pairing makes among its
// engines: a pair of games per opening is played in each.
func (m *Match) Encounters() int { return len(encounters(len(m.Engines), m.Pairing)) }
