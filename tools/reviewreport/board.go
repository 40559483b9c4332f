package reviewreport

import (
	"fmt"
	"io"
	"strings"

	"github.com/sable-othello/sable/bitboard"
)

// Board diagram geometry, in SVG user units.
const (
	boardCell   = 40
	boardMargin = 20 // room for the coordinates
	boardSize   = 2*boardMargin + 8*boardCell
)

// Colours of the board diagram: the played move is circled in red, the
// better move in green, as the HTML page's key says.
const (
	boardGreen  = "#2e7d4f"
	playedColor = "#d32f2f"
	betterColor = "#7cfc00"
)

// WriteBoardSVG draws pos as an SVG board seen from above (a1 top left),
// with the move played circled in red and, when it differs, the best move
// circled in green.
func WriteBoardSVG(w io.Writer, pos bitboard.Position, played, best int) error {
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="board" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d" width="%d" height="%d" role="img">`,
		boardSize, boardSize, boardSize, boardSize)
	fmt.Fprintf(&b, `<title>%s to move; played %s, best %s</title>`, pos.Side, bitboard.SquareName(played), bitboard.SquareName(best))
	fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#111" stroke-width="2"/>`,
		boardMargin, boardMargin, 8*boardCell, 8*boardCell, boardGreen)
	for i := 1; i < 8; i++ {
		p := boardMargin + i*boardCell
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#111"/>`, p, boardMargin, p, boardMargin+8*boardCell)
		fmt.Fprintf(&b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#111"/>`, boardMargin, p, boardMargin+8*boardCell, p)
	}
	for i := range 8 {
		c := boardMargin + i*boardCell + boardCell/2
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" font-size="13">%c</text>`, c, boardMargin-6, 'a'+i)
		fmt.Fprintf(&b, `<text x="%d" y="%d" text-anchor="middle" font-size="13">%d</text>`, boardMargin/2, c+5, i+1)
	}
	black, white := pos.BlackWhite()
	for sq := range 64 {
		fill := ""
		switch {
		case black&bitboard.Bit(sq) != 0:
			fill = "#111"
		case white&bitboard.Bit(sq) != 0:
			fill = "#f4f4f4"
		default:
			continue
		}
		x, y := center(sq)
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="%s" stroke="#000"/>`, x, y, boardCell/2-4, fill)
	}
	ring := func(sq int, class, colour, dash string) {
		x, y := center(sq)
		fmt.Fprintf(&b, `<circle class="%s" cx="%d" cy="%d" r="%d" fill="none" stroke="%s" stroke-width="4"%s/>`,
			class, x, y, boardCell/2-6, colour, dash)
	}
	if best != played && best >= 0 {
		ring(best, "better", betterColor, "")
	}
	if played >= 0 {
		ring(played, "played", playedColor, ` stroke-dasharray="6 3"`)
	}
	b.WriteString("</svg>")
	_, err := io.WriteString(w, b.String())
	return err
}

// center returns the centre of square sq on the diagram.
func center(sq int) (x, y int) {
	return boardMargin + sq%8*boardCell + boardCell/2, boardMargin + sq/8*boardCell + boardCell/2
}
