package protocol

import (
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/record"
)

// errSyntax is GTP's answer to arguments it cannot read.
var errSyntax = errors.New("syntax error")

// maxRecordBytes bounds the game records loadsgf reads.
const maxRecordBytes = 1 << 20

// gtpSession is a GTP session: the shared state, the game clock and the
// command table.
type gtpSession struct {
	*session
	clock    gameClock
	commands []gtpCommand
}

func newGTPSession(s *session) *gtpSession {
	return &gtpSession{session: s, commands: gtpCommands()}
}

// gtpCommand is one GTP command: its name and what it does. run returns
// the result, or an error whose text is the failure message.
type gtpCommand struct {
	name string
	run  func(g *gtpSession, args []string) (string, error)
}

// gtpCommands returns the commands in the order list_commands gives them.
// Each session holds its table, which known_command and list_commands read.
func gtpCommands() []gtpCommand {
	cmds := []gtpCommand{
		{"protocol_version", func(*gtpSession, []string) (string, error) { return "2", nil }},
		{"name", func(g *gtpSession, _ []string) (string, error) { return g.cfg.Name, nil }},
		{"version", func(g *gtpSession, _ []string) (string, error) { return g.cfg.Version, nil }},
		{"known_command", (*gtpSession).knownCommand},
		{"list_commands", (*gtpSession).listCommands},
		{"quit", (*gtpSession).quitCommand},
		{"boardsize", (*gtpSession).boardsize},
		{"clear_board", (*gtpSession).clearBoard},
		{"komi", (*gtpSession).komi},
		{"play", (*gtpSession).play},
		{"genmove", func(g *gtpSession, args []string) (string, error) { return g.genmove(args, true) }},
		{"reg_genmove", func(g *gtpSession, args []string) (string, error) { return g.genmove(args, false) }},
		{"undo", func(g *gtpSession, _ []string) (string, error) { return "", g.game.Undo() }},
		{"showboard", (*gtpSession).showboard},
		{"time_settings", (*gtpSession).timeSettings},
		{"time_left", (*gtpSession).timeLeft},
		{"final_score", (*gtpSession).finalScore},
		{"loadsgf", (*gtpSession).loadsgf},
		{"set_game", (*gtpSession).setGame},
		{"list_games", func(*gtpSession, []string) (string, error) { return "Othello", nil }},
		{"cputime", func(*gtpSession, []string) (string, error) { return fmt.Sprintf("%.3f", cpuTime().Seconds()), nil }},
		{"gogui-rules_game_id", func(*gtpSession, []string) (string, error) { return "Othello", nil }},
		{"gogui-rules_board_size", func(*gtpSession, []string) (string, error) { return "8", nil }},
		{"gogui-rules_board", (*gtpSession).rulesBoard},
		{"gogui-rules_legal_moves", (*gtpSession).rulesLegalMoves},
		{"gogui-rules_side_to_move", func(g *gtpSession, _ []string) (string, error) { return g.game.Position().Side.String(), nil }},
		{"gogui-rules_final_result", (*gtpSession).rulesFinalResult},
		{"sable-analyze", (*gtpSession).analyzeCommand},
		{"sable-solve", (*gtpSession).solveCommand},
		{"sable-learn", (*gtpSession).learnCommand},
		{"sable-review", (*gtpSession).reviewCommand},
	}
	for _, name := range SettingNames() {
		cmds = append(cmds, gtpCommand{"sable-" + name, settingCommand(name)})
	}
	return cmds
}

// lookup finds a command by its exact name.
func (g *gtpSession) lookup(name string) *gtpCommand {
	for i := range g.commands {
		if g.commands[i].name == name {
			return &g.commands[i]
		}
	}
	return nil
}

// execute answers one input line; a line with a command gets exactly one
// reply, a blank or comment line none.
func (g *gtpSession) execute(l inputLine) {
	// A comment that starts within MaxLineBytes leaves the whole command
	// in the part kept, however long the line: only the comment is cut.
	if l.tooLong && strings.IndexByte(l.text, '#') < 0 {
		id, _, _ := splitGTP(cleanGTPLine(l.text[:min(len(l.text), 64)]))
		g.reply(id, false, fmt.Sprintf("line too long (over %d bytes)", MaxLineBytes))
		return
	}
	text := cleanGTPLine(l.text)
	if text == "" {
		return
	}
	id, name, args := splitGTP(text)
	cmd := g.lookup(name)
	switch {
	case name == "":
		g.reply(id, false, "syntax error: no command after the id")
	case cmd == nil:
		g.logf("unknown GTP command %q", name)
		g.reply(id, false, "unknown command")
	default:
		res, err := cmd.run(g, args)
		if err != nil {
			g.reply(id, false, err.Error())
		} else {
			g.reply(id, true, res)
		}
	}
}

// reply writes "=id result" or "?id message", then the empty line that
// ends every GTP reply. Empty lines inside a result are dropped: they would
// end the reply early.
func (g *gtpSession) reply(id string, ok bool, result string) {
	var sb strings.Builder
	if ok {
		sb.WriteByte('=')
	} else {
		sb.WriteByte('?')
	}
	sb.WriteString(id)
	result = strings.TrimRight(result, "\n")
	if result != "" {
		sb.WriteByte(' ')
		for i, line := range strings.Split(result, "\n") {
			if line == "" && i > 0 {
				continue
			}
			if i > 0 {
				sb.WriteByte('\n')
			}
			sb.WriteString(line)
		}
	}
	sb.WriteString("\n\n")
	g.send(sb.String())
}

// cleanGTPLine applies GTP's input rules: "#" starts a comment, then the
// line is cleaned as cleanLine does.
func cleanGTPLine(s string) string {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	return cleanLine(s)
}

// cleanLine drops control characters other than tabs, turns tabs into
// spaces and trims the line of spaces. Only ASCII space and tab are
// whitespace in GTP (and NBoard): a line of other spaces (U+00A0, U+3000)
// is a command, and an unknown one.
func cleanLine(s string) string {
	s = strings.Map(func(r rune) rune {
		switch {
		case r == '\t':
			return ' '
		case r < 32 || r == 127:
			return -1
		}
		return r
	}, s)
	return strings.Trim(s, " ")
}

// fields splits a clean line at its spaces.
func fields(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ' ' })
}

// splitGTP splits a clean line into its optional numeric id, the command
// name and the arguments.
func splitGTP(text string) (id, name string, args []string) {
	f := fields(text)
	if len(f) > 0 && isDigits(f[0]) {
		id, f = f[0], f[1:]
	}
	if len(f) == 0 {
		return id, "", nil
	}
	return id, f[0], f[1:]
}

func isDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}

// interrupts reports false: GTP carries out every command in order, so no
// line stops the search of a command before it, quit included.
func (g *gtpSession) interrupts(string) bool { return false }

// parseColor reads b, black, w or white in any case.
func parseColor(s string) (bitboard.Color, error) {
	switch strings.ToLower(s) {
	case "b", "black":
		return bitboard.Black, nil
	case "w", "white":
		return bitboard.White, nil
	}
	return 0, errSyntax
}

// parseVertex reads a1..h8 in any case or a pass (pass, pa, ps).
func parseVertex(s string) (int, error) {
	mv, err := bitboard.ParseMove(s)
	if err != nil {
		return 0, errSyntax
	}
	return mv, nil
}

func (g *gtpSession) knownCommand(args []string) (string, error) {
	if len(args) != 1 {
		return "", errSyntax
	}
	return strconv.FormatBool(g.lookup(args[0]) != nil), nil
}

func (g *gtpSession) listCommands([]string) (string, error) {
	names := make([]string, len(g.commands))
	for i, c := range g.commands {
		names[i] = c.name
	}
	return strings.Join(names, "\n"), nil
}

func (g *gtpSession) quitCommand([]string) (string, error) {
	g.quit = true
	return "", nil
}

func (g *gtpSession) boardsize(args []string) (string, error) {
	if len(args) != 1 {
		return "", errSyntax
	}
	n, err := strconv.Atoi(args[0])
	if err != nil {
		return "", errSyntax
	}
	if n != 8 {
		return "", errors.New("unacceptable size")
	}
	g.game = NewGameState(g.settings.Rules)
	return "", nil
}

// clearBoard starts a new game: the start position, full clocks and an
// engine that forgets the last game.
func (g *gtpSession) clearBoard([]string) (string, error) {
	g.game = NewGameState(g.settings.Rules)
	g.clock.restart()
	g.engine.NewGame()
	return "", nil
}

// komi accepts a finite number and ignores it: gogui-twogtp sends komi 6.5.
func (g *gtpSession) komi(args []string) (string, error) {
	if len(args) != 1 {
		return "", errSyntax
	}
	if k, err := strconv.ParseFloat(args[0], 64); err != nil || math.IsNaN(k) || math.IsInf(k, 0) {
		return "", errSyntax
	}
	return "", nil
}

// play applies a move; a missing pass of the side to move is inserted. A
// pass is accepted whenever the colour has no legal move, at game over too:
// gogui-twogtp ends every game with two explicit passes.
func (g *gtpSession) play(args []string) (string, error) {
	if len(args) != 2 {
		return "", errSyntax
	}
	side, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	move, err := parseVertex(args[1])
	if err != nil {
		return "", err
	}
	return "", g.game.Play(side, move)
}

// genmove chooses a move for the colour asked. When that colour is not to
// move but the side to move must pass, the pass is inserted first. A side
// that must pass answers pass; at game over the answer is a pass, which
// genmove plays as play would. With commit the move is played (genmove),
// else only given (reg_genmove).
func (g *gtpSession) genmove(args []string, commit bool) (string, error) {
	if len(args) != 1 {
		return "", errSyntax
	}
	side, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	pos := g.game.Position()
	if pos.GameOver() {
		if commit {
			g.game.Play(side, bitboard.PassMove) // cannot fail at game over
		}
		return gtpMove(bitboard.PassMove), nil
	}
	if side != pos.Side {
		if !pos.MustPass() {
			return "", ErrWrongColor
		}
		pos = pos.Pass()
	}
	move := bitboard.PassMove
	if pos.Moves() != 0 {
		lim := g.settings.moveLimits(g.clock.limit(side))
		res, used := g.chooseMove(pos, lim)
		move = res.Move
		if !playable(pos, move) {
			g.logf("search returned unplayable move %d; playing %s", move, gtpMove(firstMove(pos)))
			move = firstMove(pos)
		}
		if commit {
			g.clock.spend(side, used)
		}
	}
	if commit {
		if err := g.game.PlayPly(Ply{Move: move, Side: side}); err != nil {
			return "", err
		}
	}
	return gtpMove(move), nil
}

// showboard gives the side to move and the disc counts, then the board,
// row 1 at the top, legal moves marked '.'.
func (g *gtpSession) showboard([]string) (string, error) {
	pos := g.game.Position()
	board := bitboard.FormatBoard(pos)
	i := strings.LastIndexByte(board, '\n')
	return board[i+1:] + "\n" + board[:i], nil
}

// timeSettings reads main time, byo-yomi time and stones, in seconds.
func (g *gtpSession) timeSettings(args []string) (string, error) {
	if len(args) != 3 {
		return "", errSyntax
	}
	main, err1 := record.ParseSeconds(args[0])
	byo, err2 := record.ParseSeconds(args[1])
	stones, err3 := strconv.Atoi(args[2])
	if err1 != nil || err2 != nil || err3 != nil || stones < 0 {
		return "", errSyntax
	}
	return "", g.clock.settings(main, byo, stones)
}

// timeLeft reads the time and stones left to a colour.
func (g *gtpSession) timeLeft(args []string) (string, error) {
	if len(args) != 3 {
		return "", errSyntax
	}
	side, err := parseColor(args[0])
	if err != nil {
		return "", err
	}
	left, err1 := record.ParseSeconds(args[1])
	stones, err2 := strconv.Atoi(args[2])
	if err1 != nil || err2 != nil || stones < 0 {
		return "", errSyntax
	}
	return "", g.clock.timeLeft(side, left, stones)
}

// finalScore gives the result under the active scoring; for a game still
// in progress, the result if it ended now.
func (g *gtpSession) finalScore([]string) (string, error) {
	pos := g.game.Position()
	b, w := pos.FinalCounts()
	switch {
	case b > w:
		return "B+" + strconv.Itoa(b-w), nil
	case w > b:
		return "W+" + strconv.Itoa(w-b), nil
	}
	return "0", nil
}

// loadsgf loads a game record (SGF or GGF), up to before move N if given.
func (g *gtpSession) loadsgf(args []string) (string, error) {
	if len(args) < 1 || len(args) > 2 {
		return "", errSyntax
	}
	upTo := 0
	if len(args) == 2 {
		n, err := strconv.Atoi(args[1])
		if err != nil || n < 1 {
			return "", errSyntax
		}
		upTo = n
	}
	text, err := readRecordFile(args[0])
	if err == nil {
		var rec *record.Record
		if rec, err = record.Parse(text); err == nil {
			var game *GameState
			if game, err = LoadRecord(rec, g.settings.Rules, upTo); err == nil {
				g.game = game
				return "", nil
			}
		}
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err // the file is named already
	}
	return "", fmt.Errorf("cannot load file %s: %w", args[0], err)
}

// readRecordFile reads a regular file of at most maxRecordBytes.
func readRecordFile(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return "", err
	}
	if !st.Mode().IsRegular() {
		return "", errors.New("not a regular file")
	}
	if st.Size() > maxRecordBytes {
		return "", fmt.Errorf("larger than %d bytes", maxRecordBytes)
	}
	b := make([]byte, st.Size())
	n, err := f.Read(b)
	if err != nil && n < len(b) {
		return "", err
	}
	return string(b[:n]), nil
}

// setGame accepts Othello, also called Reversi (Quarry's name).
func (g *gtpSession) setGame(args []string) (string, error) {
	if len(args) != 1 {
		return "", errSyntax
	}
	switch strings.ToLower(args[0]) {
	case "othello", "reversi":
		return "", nil
	}
	return "", errors.New("unsupported game")
}

// gtpMove writes a move as GTP replies carry it: "F5" or "PASS", upper
// case as GNU Go answers, since gogui-regress compares replies literally
// with files written for such engines.
func gtpMove(move int) string {
	if move == bitboard.PassMove {
		return "PASS"
	}
	return strings.ToUpper(bitboard.SquareName(move))
}
