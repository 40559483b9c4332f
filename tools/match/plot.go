package match

import (
	"cmp"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"
)

// Plot geometry, in pixels.
const (
	plotWidth, plotHeight = 800, 400
	plotLeft, plotRight   = 60, 20 // margins around the chart area
	plotTop, plotBottom   = 20, 30
	glyphScale            = 2 // the 3x5 digits are drawn at twice their size
)

// plotMinRange and plotMaxRange bound the Elo shown above and below zero.
const plotMinRange, plotMaxRange = 100, 1000

var (
	plotBackground = color.RGBA{255, 255, 255, 255}
	plotGrid       = color.RGBA{225, 225, 225, 255}
	plotAxis       = color.RGBA{90, 90, 90, 255}
	// plotColours draws the encounters in turn.
	plotColours = []color.RGBA{{31, 119, 180, 255}, {214, 39, 40, 255}, {44, 160, 44, 255}, {255, 127, 14, 255},
		{148, 103, 189, 255}, {140, 86, 75, 255}, {227, 119, 194, 255}, {23, 190, 207, 255}}
)

// WritePlot draws the Elo estimate of every encounter after each of its
// games as a PNG line chart, in the order of the table's rows: blue, red,
// green, orange, then more colours. The first encounter's 95% interval is
// drawn lighter around it. The vertical axis is labelled in Elo (infinite
// values sit on its ends), the horizontal one from 0 to the number of games.
func WritePlot(w io.Writer, r *Report) error {
	img := image.NewRGBA(image.Rect(0, 0, plotWidth, plotHeight))
	fill(img, img.Bounds(), plotBackground)
	games, yRange := 1, float64(plotMinRange)
	for i := range r.Standings {
		h := r.Standings[i].history
		games = max(games, len(h))
		for _, e := range h {
			if !math.IsInf(e.Elo, 0) && !math.IsNaN(e.Elo) {
				yRange = max(yRange, min(math.Abs(e.Elo), plotMaxRange))
			}
		}
	}
	step := niceStep(yRange / 4)
	yRange = math.Ceil(yRange/step) * step
	c := chart{img: img, games: games, yRange: yRange}
	for y := -yRange; y <= yRange; y += step {
		py := c.y(y)
		grid := plotGrid
		if y == 0 {
			grid = plotAxis
		}
		c.line(plotLeft, py, plotWidth-plotRight, py, grid)
		label := strconv.Itoa(int(y))
		if y > 0 {
			label = "+" + label
		}
		drawText(img, plotLeft-6-textWidth(label), py-5*glyphScale/2, label, plotAxis)
	}
	c.line(plotLeft, plotTop, plotLeft, plotHeight-plotBottom, plotAxis)
	c.line(plotLeft, plotHeight-plotBottom, plotWidth-plotRight, plotHeight-plotBottom, plotAxis)
	drawText(img, plotLeft, plotHeight-plotBottom+8, "0", plotAxis)
	last := strconv.Itoa(games)
	drawText(img, plotWidth-plotRight-textWidth(last), plotHeight-plotBottom+8, last, plotAxis)
	for i := len(r.Standings) - 1; i >= 0; i-- {
		col := plotColours[i%len(plotColours)]
		h := r.Standings[i].history
		if i == 0 {
			light := color.RGBA{lighten(col.R), lighten(col.G), lighten(col.B), 255}
			c.series(h, func(e Estimate) float64 { return e.Low }, light)
			c.series(h, func(e Estimate) float64 { return e.High }, light)
		}
		c.series(h, func(e Estimate) float64 { return e.Elo }, col)
	}
	return png.Encode(w, img)
}

// chart maps games and Elo to pixels.
type chart struct {
	img    *image.RGBA
	games  int
	yRange float64
}

func (c *chart) x(game int) int {
	return plotLeft + game*(plotWidth-plotLeft-plotRight)/c.games
}

func (c *chart) y(elo float64) int {
	h := float64(plotHeight - plotTop - plotBottom)
	return plotTop + int(math.Round((c.yRange-finite(elo, c.yRange))/(2*c.yRange)*h))
}

// series draws one value of each estimate, game by game.
func (c *chart) series(h []Estimate, value func(Estimate) float64, col color.RGBA) {
	for i := 1; i < len(h); i++ {
		c.line(c.x(i), c.y(value(h[i-1])), c.x(i+1), c.y(value(h[i])), col)
	}
}

// line draws a segment with Bresenham's algorithm.
func (c *chart) line(x0, y0, x1, y1 int, col color.RGBA) {
	dx, dy := abs(x1-x0), -abs(y1-y0)
	sx, sy := cmp.Compare(x1, x0), cmp.Compare(y1, y0)
	for e := dx + dy; ; {
		c.img.SetRGBA(x0, y0, col)
		if x0 == x1 && y0 == y1 {
			return
		}
		e2 := 2 * e
		if e2 >= dy {
			e, x0 = e+dy, x0+sx
		}
		if e2 <= dx {
			e, y0 = e+dx, y0+sy
		}
	}
}

// lighten mixes a colour channel with two parts of white.
func lighten(c uint8) uint8 { return uint8((int(c) + 2*255) / 3) }

// niceStep rounds a grid step up to 1, 2 or 5 times a power of ten.
func niceStep(x float64) float64 {
	p := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5} {
		if m*p >= x {
			return m * p
		}
	}
	return 10 * p
}

// finite clamps a value to ±bound, mapping an unknown value to 0.
func finite(x, bound float64) float64 {
	if math.IsNaN(x) {
		return 0
	}
	return max(-bound, min(bound, x))
}

// glyphs are 3x5 pixel digits and signs, one row a byte, bit 2 leftmost.
var glyphs = map[rune][5]uint8{
	'0': {7, 5, 5, 5, 7}, '1': {2, 6, 2, 2, 7}, '2': {7, 1, 7, 4, 7}, '3': {7, 1, 3, 1, 7},
	'4': {5, 5, 7, 1, 1}, '5': {7, 4, 7, 1, 7}, '6': {7, 4, 7, 5, 7}, '7': {7, 1, 1, 1, 1},
	'8': {7, 5, 7, 5, 7}, '9': {7, 5, 7, 1, 7}, '-': {0, 0, 7, 0, 0}, '+': {0, 2, 7, 2, 0},
}

// textWidth is the width of drawn text in pixels.
func textWidth(s string) int { return len(s) * 4 * glyphScale }

// drawText draws digits and signs with their top-left corner at x, y.
func drawText(img *image.RGBA, x, y int, s string, col color.RGBA) {
	for _, r := range s {
		g := glyphs[r]
		for row, bitsOfRow := range g {
			for column := range 3 {
				if bitsOfRow&(4>>column) != 0 {
					px, py := x+column*glyphScale, y+row*glyphScale
					fill(img, image.Rect(px, py, px+glyphScale, py+glyphScale), col)
				}
			}
		}
		x += 4 * glyphScale
	}
}

func fill(img *image.RGBA, r image.Rectangle, col color.RGBA) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, col)
		}
	}
}

func abs(x int) int { return max(x, -x) }
