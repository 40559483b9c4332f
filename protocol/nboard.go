package protocol

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
	"github.com/sable-othello/sable/search"
)

// nboardSession is an NBoard session (protocol version 2, version 1
// accepted): the shared state plus the clocks of the last "set game".
type nboardSession struct {
	*session
	clocks [2]record.TimeControl
}

// interrupts reports whether a raw input line is a ping, which stops a
// running search as soon as it is read: the GUI sends one before each
// request and drops every reply before its pong. Everything else, quit
// included, waits for the commands before it.
func (n *nboardSession) interrupts(line string) bool {
	cmd, _, _ := strings.Cut(cleanLine(line), " ")
	return cmd == "ping"
}

// execute carries out one line. NBoard has no error replies: bad or
// unknown commands are logged to stderr and otherwise ignored. A line that
// starts with "#" is a comment; elsewhere "#" is text (a GGF may hold it).
func (n *nboardSession) execute(l inputLine) {
	line := cleanLine(l.text)
	cmd, rest, _ := strings.Cut(line, " ")
	rest = strings.Trim(rest, " ")
	if cmd == "" || strings.HasPrefix(cmd, "#") {
		return
	}
	if l.tooLong {
		n.logf("NBoard line longer than %d bytes ignored: %q...", MaxLineBytes, line[:min(len(line), 64)])
		return
	}
	var err error
	switch cmd {
	case "nboard":
		if rest != "1" && rest != "2" {
			n.logf("nboard %q: expected protocol version 2 (or 1); going on", rest)
		}
		n.send("set myname " + n.cfg.Name + "\n")
	case "set":
		err = n.setCommand(rest)
	case "move":
		err = n.move(rest)
	case "hint":
		err = n.hint(rest)
	case "go":
		n.goCommand()
	case "ping":
		if _, perr := strconv.Atoi(rest); perr != nil {
			err = fmt.Errorf("ping %q: want an integer", rest)
			break
		}
		n.send("pong " + rest + "\n")
	case "learn":
		msg, lerr := n.learn()
		if lerr != nil {
			err = lerr
		} else {
			n.logf("%s", msg)
		}
		n.send("learned\n")
	case "analyze":
		n.analyzeGame()
	case "quit":
		n.quit = true
	default:
		if len(cmd) == 2 && rest == "" {
			// NBoard 1 sent a bare move ("F5") for "move F5".
			err = n.move(cmd)
			break
		}
		err = fmt.Errorf("unknown command %q ignored", cmd)
	}
	if err != nil {
		n.logf("%v", err)
	}
}

// setCommand handles "set depth", "set game", "set contempt" and the
// engine settings (set rules, set threads, ...).
func (n *nboardSession) setCommand(arg string) error {
	name, value, _ := strings.Cut(arg, " ")
	value = strings.Trim(value, " ")
	switch name {
	case "depth":
		// NBoard's depth is the midgame depth with the endgame left to the
		// engine: that is what a level is. NBoard has no "none", so its
		// range is the level's without 0.
		if d, err := strconv.Atoi(value); err != nil || d < 1 || d > search.MaxLevel {
			return fmt.Errorf("set depth %q: want an integer 1..%d", value, search.MaxLevel)
		}
		if err := n.set("level", value); err != nil {
			return fmt.Errorf("set depth: %w", err)
		}
		n.send("set myname " + n.cfg.Name + value + "\n")
	case "game":
		rec, err := record.ParseGGF(value)
		if err != nil {
			return fmt.Errorf("set game: %w", err)
		}
		game, err := LoadRecord(rec, n.settings.Rules, 0)
		if err != nil {
			return fmt.Errorf("set game: %w", err)
		}
		n.game, n.clocks = game, rec.Clocks
	case "contempt":
		if _, err := strconv.Atoi(value); err != nil {
			return fmt.Errorf("set contempt %q: want an integer (centi-discs)", value)
		}
		n.logf("set contempt %s: the search has no draw contempt yet; draws count 0", value)
	default:
		if err := n.set(name, value); err != nil {
			return fmt.Errorf("set %w", err) // it names the setting
		}
	}
	return nil
}

// move appends a move ("F5", "F5/1.2/3.4", "PA"). The colour is the side
// to move's, or its opponent's after an implied pass.
func (n *nboardSession) move(arg string) error {
	m, err := record.ParseMoveItem(arg)
	if err != nil {
		return err // it names the move
	}
	p := plyOf(m)
	pos := n.game.Position()
	p.Side = pos.Side
	if p.Move != bitboard.PassMove && pos.MustPass() {
		p.Side = pos.Side.Other()
	}
	if err := n.game.PlayPly(p); err != nil {
		return fmt.Errorf("move %s: %w", arg, err)
	}
	return nil
}

// hint streams the book's lines for the best count moves, then those of
// the multi-PV search as it deepens: the best count moves at each
// iteration. It is not clock-limited.
func (n *nboardSession) hint(arg string) error {
	count, err := strconv.Atoi(arg)
	if err != nil || count < 1 {
		return fmt.Errorf("hint %q: want a number of moves", arg)
	}
	pos := n.game.Position()
	if pos.GameOver() {
		return fmt.Errorf("hint: the game is over")
	}
	n.send("status " + n.cfg.Name + " is thinking\n")
	for _, h := range n.player.Hints(pos, count) {
		depth := strconv.Itoa(h.Depth)
		if h.Exact {
			depth = "100%"
		}
		n.send(fmt.Sprintf("book %s %s %d %s\n", nboardPV(h.Line), nboardEval(h.Value), h.Games, depth))
	}
	start := n.now()
	a := n.analyze(pos, n.settings.moveLimits(search.Clock{}), count, func(a search.Analysis) {
		for _, v := range a.Moves {
			n.send(hintLine(search.Info{Depth: a.Depth, Exact: a.Exact, WLD: a.WLD, Score: v.Score, PV: v.PV}))
		}
	})
	n.send(fmt.Sprintf("nodestats %d %.2f\n", a.Nodes, n.now().Sub(start).Seconds()))
	n.send("status\n")
	return nil
}

// hintLine writes "search PV EVAL 0 DEPTH".
func hintLine(info search.Info) string {
	return fmt.Sprintf("search %s %s 0 %s\n", nboardPV(info.PV), nboardEval(info.Score), nboardDepth(info))
}

// goCommand answers "=== MOVE/EVAL/TIME" and does not play the move: the
// GUI sends it back with "move".
func (n *nboardSession) goCommand() {
	pos := n.game.Position()
	switch {
	case pos.GameOver():
		n.logf("go: the game is over; answering a pass")
		n.send(fmt.Sprintf("=== PA/%s/0.00\n", nboardEval(pos.Score())))
		return
	case pos.MustPass():
		n.send("=== PA\n")
		return
	}
	n.send("status " + n.cfg.Name + " is thinking\n")
	res, used := n.chooseMove(pos, n.settings.moveLimits(n.clock(pos.Side)))
	move := res.Move
	if !playable(pos, move) {
		n.logf("search returned unplayable move %d; answering %s", move, nboardMove(firstMove(pos)))
		move = firstMove(pos)
	}
	n.send(fmt.Sprintf("nodestats %d %.2f\n", res.Nodes, used.Seconds()))
	n.send(fmt.Sprintf("=== %s/%s/%.2f\n", nboardMove(move), nboardEval(res.Score), used.Seconds()))
	n.send("status\n")
}

// clock returns side's clock from the game's time control (GGF TI/TB/TW)
// and the times its moves took. The extension is kept in reserve.
func (n *nboardSession) clock(side bitboard.Color) search.Clock {
	tc := n.clocks[side]
	if tc.Main == 0 && tc.Increment == 0 {
		return search.Clock{}
	}
	left := tc.Main
	for _, p := range n.game.Plies() {
		if p.Side == side && !p.Implied {
			left += tc.Increment - p.Time
		}
	}
	return search.Clock{Remaining: max(left, time.Millisecond), Increment: tc.Increment}
}

// analyzeGame values every position of the game from the last back to the
// start, as "analysis MOVES_MADE EVAL" lines (passes count as moves, EVAL
// is for the side to move).
func (n *nboardSession) analyzeGame() {
	n.send("status " + n.cfg.Name + " is analysing\n")
	lim := n.settings.moveLimits(search.Clock{})
	for k := len(n.game.Plies()); k >= 0 && !n.interrupted(); k-- {
		pos := n.game.PositionAt(k)
		score := pos.Score()
		if !pos.GameOver() {
			res, _ := n.think(pos, lim, nil)
			if res.Stopped {
				break
			}
			score = res.Score
		}
		n.send(fmt.Sprintf("analysis %d %s\n", k, nboardEval(score)))
	}
	n.send("status\n")
}

// nboardMove writes a move as NBoard shows it: "F5" or "PA".
func nboardMove(move int) string {
	return strings.ToUpper(bitboard.SquareName(move))
}

// nboardPV writes a principal variation as "F5-D6-C3".
func nboardPV(pv []int) string {
	parts := make([]string, len(pv))
	for i, m := range pv {
		parts[i] = nboardMove(m)
	}
	return strings.Join(parts, "-")
}

// nboardEval writes a score in discs as NBoard reads it: "-1.00".
func nboardEval(score int) string {
	return strconv.FormatFloat(float64(score), 'f', 2, 64)
}

// nboardDepth writes the depth field of a hint: "100%" for an exact solve,
// "100%W" for a win/loss/draw solve, else the depth in plies.
func nboardDepth(info search.Info) string {
	switch {
	case info.Exact:
		return "100%"
	case info.WLD:
		return "100%W"
	}
	return strconv.Itoa(info.Depth)
}
