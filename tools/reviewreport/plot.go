package reviewreport

import (
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/sable-othello/sable/bitboard"

	"github.com/sable-othello/sable/internal/plotstyle"
	"github.com/sable-othello/sable/review"
)

// PlotWidth and PlotHeight are the size of a game's plot.
const PlotWidth, PlotHeight = 8 * vg.Inch, 4 * vg.Inch

// markStyles draw the marked moves on the plot, worst last so that it is on
// top: inaccuracies as yellow rings, mistakes as orange squares, blunders as
// red triangles.
var markStyles = [review.NumMarks]draw.GlyphStyle{
	review.Inaccuracy: {Shape: draw.RingGlyph{}, Radius: vg.Points(4), Color: color.RGBA{R: 200, G: 150, A: 255}},
	review.Mistake:    {Shape: draw.BoxGlyph{}, Radius: vg.Points(4), Color: color.RGBA{R: 240, G: 120, A: 255}},
	review.Blunder:    {Shape: draw.PyramidGlyph{}, Radius: vg.Points(5), Color: color.RGBA{R: 210, G: 20, B: 20, A: 255}},
}

// plotMinRange is the least value shown above and below zero, in discs, so
// that a close game does not look like a wild one.
const plotMinRange = 8

// legendRoom is the part of the value range added above it for the legend.
const legendRoom = 0.6

// valueLine is the colour of the value over the game.
var valueLine = color.RGBA{R: 30, G: 90, B: 170, A: 255}

// Plot draws the value of the game after each move from Black's side, the
// value of the start at move 0, with the marked moves shown at the value
// they left.
func Plot(g *review.GameReview, th review.Thresholds) (*plot.Plot, error) {
	if len(g.Reviewed) == 0 {
		return nil, errors.New("plot: no move reviewed")
	}
	values := blackValues(g)
	pts := make(plotter.XYs, len(values))
	for i, v := range values {
		pts[i] = plotter.XY{X: float64(i), Y: float64(v)}
	}
	p := plot.New()
	plotstyle.Apply(p)
	p.Title.Text = fmt.Sprintf("%s (black) vs %s (white)", g.Name(bitboard.Black), g.Name(bitboard.White))
	p.X.Label.Text = "move"
	p.Y.Label.Text = "value for Black (discs)"
	p.X.Min, p.X.Max = 0, float64(len(values)-1)
	p.X.Tick.Marker = integerTicks{}
	p.Y.Tick.Marker = integerTicks{}
	// The value's range, symmetric about an even game, with room above
	// for the legend.
	bound := float64(plotMinRange)
	for _, v := range values {
		bound = max(bound, math.Abs(float64(v)))
	}
	p.Y.Min, p.Y.Max = -bound, bound+bound*legendRoom
	p.Legend.Top, p.Legend.Left = true, true
	p.Legend.XOffs = vg.Points(10)
	p.Add(plotter.NewGrid())
	zero, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: float64(len(values) - 1), Y: 0}})
	if err != nil {
		return nil, err
	}
	zero.Color = color.Gray{Y: 120}
	p.Add(zero)
	line, err := plotter.NewLine(pts)
	if err != nil {
		return nil, err
	}
	line.Color, line.Width = valueLine, vg.Points(1.5)
	p.Add(line)
	p.Legend.Add("value", line)
	for m := review.Inaccuracy; m < review.NumMarks; m++ {
		var marked plotter.XYs
		for i, mv := range g.Reviewed {
			if th.Mark(mv.Loss) == m {
				marked = append(marked, pts[i+1])
			}
		}
		if len(marked) == 0 {
			continue
		}
		s, err := plotter.NewScatter(marked)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle = markStyles[m]
		p.Add(s)
		p.Legend.Add(fmt.Sprintf("%s (%d+ discs)", m, markThreshold(th, m)), s)
	}
	return p, nil
}

// integerTicks marks whole numbers at a step of 1, 2 or 5 times a power of
// ten, for about six labelled ticks.
type integerTicks struct{}

// Ticks implements plot.Ticker.
func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	step := 1.0
	for p := 1.0; ; p *= 10 {
		if s := niceStep(p, (hi-lo)/6); s > 0 {
			step = s
			break
		}
	}
	var ticks []plot.Tick
	for v := math.Ceil(lo/step) * step; v <= hi; v += step {
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.Itoa(int(v))})
	}
	return ticks
}

// niceStep returns the first of 1, 2 and 5 times p that is at least want,
// or 0 when none is.
func niceStep(p, want float64) float64 {
	for _, m := range []float64{1, 2, 5} {
		if m*p >= want {
			return m * p
		}
	}
	return 0
}

// markThreshold returns the smallest loss of mark m.
func markThreshold(th review.Thresholds, m review.Mark) int {
	return [...]int{review.Inaccuracy: th.Inaccuracy, review.Mistake: th.Mistake, review.Blunder: th.Blunder}[m]
}

// blackValues returns the value from Black's side of the start (the best
// value of the first move) and after each reviewed move (its played value).
func blackValues(g *review.GameReview) []int {
	values := make([]int, 0, len(g.Reviewed)+1)
	for i, mv := range g.Reviewed {
		if i == 0 {
			values = append(values, forBlack(mv.Color, mv.BestValue))
		}
		values = append(values, forBlack(mv.Color, mv.PlayedValue))
	}
	return values
}

// forBlack turns a value from c's side into Black's.
func forBlack(c bitboard.Color, v int) int {
	if c == bitboard.White {
		return -v
	}
	return v
}

// WritePlot writes the game's plot in format "svg" or "png".
func WritePlot(w io.Writer, g *review.GameReview, th review.Thresholds, format string) error {
	if format != "svg" && format != "png" {
		return fmt.Errorf("plot: unsupported format %q (want svg or png)", format)
	}
	p, err := Plot(g, th)
	if err != nil {
		return err
	}
	wt, err := p.WriterTo(PlotWidth, PlotHeight, format)
	if err != nil {
		return err
	}
	_, err = wt.WriteTo(w)
	return err
}
