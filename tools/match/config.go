package match

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/sable-othello/sable/record"
)

// Protocol is the text protocol an engine speaks on stdin/stdout.
type Protocol uint8

const (
	// GTP is the Go Text Protocol in its Othello dialect.
	GTP Protocol = iota
	// NBoard is the protocol of the NBoard GUI.
	NBoard
)

// String names the protocol as the command line spells it.
func (p Protocol) String() string {
	if p == NBoard {
		return "nboard"
	}
	return "gtp"
}

// ParseProtocol reads "gtp" or "nboard", any case.
func ParseProtocol(s string) (Protocol, error) {
	switch strings.ToLower(s) {
	case "gtp":
		return GTP, nil
	case "nboard":
		return NBoard, nil
	}
	return 0, fmt.Errorf("unknown protocol %q (want gtp or nboard)", s)
}

// EngineConfig describes one engine of a match: how to start it and how to
// play it.
type EngineConfig struct {
	Name     string             // display name, unique in the match
	Command  []string           // program and arguments
	Protocol Protocol           // GTP or NBoard
	Dir      string             // working directory; empty for the runner's
	Init     []string           // protocol commands sent once after start
	Margin   time.Duration      // lateness tolerated before a time forfeit
	Clock    record.TimeControl // the engine's game clock; none: no time forfeits, so a stalled engine holds the match up until Ctrl-C
	Depth    int                // NBoard "set depth"; 0 sends nothing
}

// ParseEngineConfig reads an engine from key=value fields, as given after
// --engine on the command line. Later fields override earlier ones, so
// defaults for every engine may be put first. Keys:
//
//	name=NAME      display name (default: the program's base name)
//	cmd=COMMAND    program and arguments, split at spaces; quote with ' or "
//	proto=gtp      gtp or nboard
//	dir=DIR        working directory
//	init=C1;C2     protocol commands sent after start, separated by ';'
//	margin=DUR     time forfeit tolerance (100ms, 0.1)
//	tc=CONTROL     clock: inf, MOVES/SECONDS or SECONDS+INCREMENT
//	depth=N        search depth sent to an NBoard engine with "set depth"
func ParseEngineConfig(fields []string) (EngineConfig, error) {
	var c EngineConfig
	for _, f := range fields {
		key, val, ok := strings.Cut(f, "=")
		if !ok {
			return c, fmt.Errorf("engine option %q: want KEY=VALUE", f)
		}
		var err error
		switch key {
		case "name":
			c.Name = val
		case "cmd":
			c.Command, err = SplitCommand(val)
		case "proto":
			c.Protocol, err = ParseProtocol(val)
		case "dir":
			c.Dir = val
		case "init":
			c.Init = nil
			for cmd := range strings.SplitSeq(val, ";") {
				if cmd = strings.TrimSpace(cmd); cmd != "" {
					c.Init = append(c.Init, cmd)
				}
			}
		case "margin":
			c.Margin, err = record.ParseDuration(val)
		case "tc":
			c.Clock, err = record.ParseTimeControl(val)
		case "depth":
			c.Depth, err = strconv.Atoi(val)
			if err == nil && c.Depth < 0 {
				err = fmt.Errorf("negative")
			}
		default:
			return c, fmt.Errorf("unknown engine option %q (want name, cmd, proto, dir, init, margin, tc or depth)", key)
		}
		if err != nil {
			return c, fmt.Errorf("engine option %s=%q: %w", key, val, err)
		}
	}
	if len(c.Command) == 0 {
		return c, fmt.Errorf("engine %v: no cmd=", fields)
	}
	if c.Name == "" {
		c.Name = filepath.Base(c.Command[0])
	}
	return c, c.validate()
}

// validate checks what the fields cannot check one by one.
func (c *EngineConfig) validate() error {
	if strings.ContainsAny(c.Name, "\r\n") {
		return fmt.Errorf("engine name %q: no line breaks (a game is one line of the results file)", c.Name)
	}
	if c.Depth > 0 && c.Protocol == GTP {
		return fmt.Errorf("engine %s: GTP has no standard depth command; send the engine's own with init=", c.Name)
	}
	if c.Protocol == NBoard && c.Clock.Moves > 0 {
		return fmt.Errorf("engine %s: NBoard clocks are GGF main+increment; clock %s cannot be sent", c.Name, c.Clock)
	}
	return nil
}

// SplitCommand splits a command line at spaces. Single or double quotes
// group words; there are no escapes.
func SplitCommand(s string) ([]string, error) {
	var (
		words []string
		cur   strings.Builder
		quote rune
		inArg bool
	)
	for _, r := range s {
		switch {
		case quote != 0 && r == quote:
			quote = 0
		case quote != 0:
			cur.WriteRune(r)
		case r == '\'' || r == '"':
			quote, inArg = r, true
		case r == ' ' || r == '\t':
			if inArg {
				words = append(words, cur.String())
				cur.Reset()
				inArg = false
			}
		default:
			cur.WriteRune(r)
			inArg = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("command %q: unclosed %c", s, quote)
	}
	if inArg {
		words = append(words, cur.String())
	}
	if len(words) == 0 {
		return nil, fmt.Errorf("empty command")
	}
	return words, nil
}
