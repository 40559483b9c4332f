package protocol

import (
	"fmt"
	"strconv"
	"strings"
)

// Sable's own GTP commands, named sable-NAME as GTP asks of extensions.

// analyzeCommand lists every legal move (or the forced pass) with its
// value for the side to move, best first: "f5 +2", with "exact" when the
// value is solved. At game over the list is empty.
func (g *gtpSession) analyzeCommand(args []string) (string, error) {
	if len(args) != 0 {
		return "", errSyntax
	}
	pos := g.game.Position()
	var lines []string
	a := g.analyze(pos, g.settings.moveLimits(g.clock.limit(pos.Side)), 0, nil)
	for _, v := range a.Moves {
		line := gtpMove(v.Move) + " " + signed(v.Score)
		if a.Exact {
			line += " exact"
		}
		lines = append(lines, line)
	}
	return strings.Join(lines, "\n"), nil
}

// solveCommand solves the position: the best move and its exact score for
// the side to move, or with "wld" its result (win, draw or loss).
func (g *gtpSession) solveCommand(args []string) (string, error) {
	wld := false
	switch {
	case len(args) == 1 && strings.EqualFold(args[0], "wld"):
		wld = true
	case len(args) != 0:
		return "", fmt.Errorf("syntax error: want sable-solve [wld], got %q", strings.Join(args, " "))
	}
	pos := g.game.Position()
	res := g.solve(pos, wld)
	move := res.Move
	if !playable(pos, move) {
		move = firstMove(pos)
	}
	value := signed(res.Score)
	if wld {
		value = [...]string{"loss", "draw", "win"}[max(-1, min(1, res.Score))+1]
	}
	if res.Stopped {
		value += " (stopped)"
	}
	return gtpMove(move) + " " + value, nil
}

// settingCommand returns the sable-NAME command: with no argument it gives
// the setting, with one it changes it.
func settingCommand(name string) func(g *gtpSession, args []string) (string, error) {
	return func(g *gtpSession, args []string) (string, error) {
		switch len(args) {
		case 0:
			return g.settings.Get(name)
		case 1:
			return "", g.set(name, args[0])
		}
		return "", fmt.Errorf("syntax error: want sable-%s [VALUE]", name)
	}
}

// reviewCommand reviews the game so far as "sable review" does: the move
// table, a line a move, then each player's totals.
func (g *gtpSession) reviewCommand(args []string) (string, error) {
	if len(args) != 0 {
		return "", errSyntax
	}
	return g.review()
}

// learnCommand adds the game so far to the opening book (saved when the
// book setting names a file) and says where it went.
func (g *gtpSession) learnCommand(args []string) (string, error) {
	if len(args) != 0 {
		return "", errSyntax
	}
	return g.learn()
}

// signed writes a score with its sign: "+2", "-4", "0".
func signed(score int) string {
	if score > 0 {
		return "+" + strconv.Itoa(score)
	}
	return strconv.Itoa(score)
}
