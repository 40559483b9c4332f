package record

import (
	"fmt"
	"strings"
)

// The tree syntax that SGF and GGF share: "(" nodes, each ";" and its
// properties NAME[value][value]..., then variations, ")". GGF is one game
// tree whose first node holds everything. In a value, a backslash escapes
// the next character, so "]" and "\" are written "\]" and "\\".

// maxTreeDepth bounds the nesting of variations in a record, so that a
// hostile file cannot exhaust the stack.
const maxTreeDepth = 200

// property is one property of a node: an upper-case name and its values.
type property struct {
	name   string
	values []string
	offset int // of the name in the text, for errors
}

// node is the property list of one node.
type node []property

// treeParser reads the tree syntax.
type treeParser struct {
	s   string
	i   int
	out []node // main-line nodes
}

// parseTree returns the main line of the first game tree in s: its nodes,
// then those of each first variation. Text before the first "(" (GGF files
// may start with a game count) and after the first tree is ignored.
func parseTree(s string) ([]node, error) {
	nodes, _, err := parseTreeAt(s, 0)
	return nodes, err
}

// parseTreeAt reads the first game tree in s from offset from, as
// parseTree does, and returns the offset after it.
func parseTreeAt(s string, from int) ([]node, int, error) {
	p := &treeParser{s: s}
	start := strings.IndexByte(s[from:], '(')
	if start < 0 {
		return nil, from, fmt.Errorf("game record: no game tree (missing '(')")
	}
	p.i = from + start
	if err := p.tree(true, 0); err != nil {
		return nil, p.i, err
	}
	if len(p.out) == 0 {
		return nil, p.i, &Error{offset: from + start, Err: fmt.Errorf("game record: empty game tree")}
	}
	return p.out, p.i, nil
}

// tree reads one "(...)" game tree, keeping its nodes when main is set.
func (p *treeParser) tree(main bool, depth int) error {
	if depth > maxTreeDepth {
		return p.errorf("variations nested deeper than %d", maxTreeDepth)
	}
	p.i++ // '('
	children := 0
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			return p.errorf("unterminated game tree (missing ')')")
		}
		switch c := p.s[p.i]; {
		case c == ')':
			p.i++
			return nil
		case c == ';':
			if children > 0 {
				return p.errorf("node after a variation")
			}
			p.i++
			n, err := p.node()
			if err != nil {
				return err
			}
			if main {
				p.out = append(p.out, n)
			}
		case c == '(':
			if err := p.tree(main && children == 0, depth+1); err != nil {
				return err
			}
			children++
		default:
			return p.errorf("unexpected %q", c)
		}
	}
}

// node reads the properties of one node, up to the next ';', '(' or ')'.
func (p *treeParser) node() (node, error) {
	var n node
	for {
		p.skipSpace()
		if p.i >= len(p.s) {
			return n, nil
		}
		c := p.s[p.i]
		if c == ';' || c == '(' || c == ')' {
			return n, nil
		}
		start := p.i
		for p.i < len(p.s) && isLetter(p.s[p.i]) {
			p.i++
		}
		if p.i == start {
			return nil, p.errorf("unexpected %q where a property name belongs", c)
		}
		prop := property{name: strings.ToUpper(p.s[start:p.i]), offset: start}
		for {
			p.skipSpace()
			if p.i >= len(p.s) || p.s[p.i] != '[' {
				break
			}
			v, err := p.value()
			if err != nil {
				return nil, err
			}
			prop.values = append(prop.values, v)
		}
		if len(prop.values) == 0 {
			return nil, p.errorf("property %s has no value", prop.name)
		}
		n = append(n, prop)
	}
}

// value reads one "[...]" value; a backslash escapes the next character.
func (p *treeParser) value() (string, error) {
	start := p.i
	p.i++ // '['
	var sb strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		p.i++
		switch c {
		case ']':
			return sb.String(), nil
		case '\\':
			if p.i < len(p.s) {
				sb.WriteByte(p.s[p.i])
				p.i++
			}
		default:
			sb.WriteByte(c)
		}
	}
	p.i = start
	return "", p.errorf("unterminated value (missing ']')")
}

func (p *treeParser) skipSpace() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\n' || p.s[p.i] == '\r') {
		p.i++
	}
}

// errorf reports a syntax error at the parser's offset.
func (p *treeParser) errorf(format string, args ...any) error {
	return &Error{offset: p.i, Err: fmt.Errorf("game record at byte %d: %s", p.i+1, fmt.Sprintf(format, args...))}
}

func isLetter(c byte) bool { return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' }

// writeProperty writes NAME[value][value]..., escaping "]" and "\" in the
// values so that they read back unchanged.
func writeProperty(sb *strings.Builder, name string, values ...string) {
	sb.WriteString(name)
	for _, v := range values {
		sb.WriteByte('[')
		for i := 0; i < len(v); i++ {
			if v[i] == ']' || v[i] == '\\' {
				sb.WriteByte('\\')
			}
			sb.WriteByte(v[i])
		}
		sb.WriteByte(']')
	}
}
