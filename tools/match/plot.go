package match

import (
	"fmt"
	"image/color"
	"io"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"

	"github.com/sable-othello/sable/internal/plotstyle"
)

// PlotWidth and PlotHeight are the size of the Elo plot (768x384 pixels as
// a PNG).
const PlotWidth, PlotHeight = 8 * vg.Inch, 4 * vg.Inch

// plotMinRange and plotMaxRange bound the Elo shown above and below zero:
// an infinite estimate (all games won) sits on the edge.
const plotMinRange, plotMaxRange = 100, 1000

// legendRoom is the part of the Elo range added above it for the legend.
const legendRoom = 0.6

// plotColours draw the encounters in turn.
var plotColours = []color.RGBA{{31, 119, 180, 255}, {214, 39, 40, 255}, {44, 160, 44, 255}, {255, 127, 14, 255},
	{148, 103, 189, 255}, {140, 86, 75, 255}, {227, 119, 194, 255}, {23, 190, 207, 255}}

// WritePlot draws the Elo estimate of every encounter after each of its
// games, in the order of the table's rows (blue, red, green, orange, then
// more colours), with the first encounter's 95% interval as a lighter band,
// as a PNG or SVG (format "png" or "svg").
func WritePlot(w io.Writer, r *Report, format string) error {
	if format != "png" && format != "svg" {
		return fmt.Errorf("plot: unsupported format %q (want png or svg)", format)
	}
	p := plot.New()
	plotstyle.Apply(p)
	p.Title.Text = "Elo difference over the games"
	p.X.Label.Text = "games played"
	p.Y.Label.Text = "Elo (first engine minus second)"
	p.Legend.Top, p.Legend.Left = true, true
	p.Add(plotter.NewGrid())
	games, bound := 1, float64(plotMinRange)
	for i := range r.Standings {
		h := r.Standings[i].history
		games = max(games, len(h))
		for _, e := range h {
			if !math.IsInf(e.Elo, 0) && !math.IsNaN(e.Elo) {
				bound = max(bound, min(math.Abs(e.Elo), plotMaxRange))
			}
		}
	}
	p.X.Min, p.X.Max = 0, float64(games)
	// Room above the values keeps the legend off them.
	p.Y.Min, p.Y.Max = -bound, bound+legendRoom*bound
	if len(r.Standings) > 0 && len(r.Standings[0].history) > 0 {
		st := &r.Standings[0]
		band, err := intervalBand(st.history, bound)
		if err != nil {
			return err
		}
		col := plotColours[0]
		band.Color = color.RGBA{lighten(col.R), lighten(col.G), lighten(col.B), 255}
		band.LineStyle.Width = 0
		p.Add(band)
		p.Legend.Add(fmt.Sprintf("%s vs %s, 95%% interval", st.First, st.Second), band)
	}
	// The even line goes over the band and under the estimates.
	even, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: float64(games), Y: 0}})
	if err != nil {
		return err
	}
	even.Color = color.Gray{Y: 120}
	p.Add(even)
	for i := range r.Standings {
		st := &r.Standings[i]
		if len(st.history) == 0 {
			continue
		}
		line, err := plotter.NewLine(series(st.history, func(e Estimate) float64 { return e.Elo }, bound))
		if err != nil {
			return err
		}
		line.Color, line.Width = plotColours[i%len(plotColours)], vg.Points(1.5)
		p.Add(line)
		p.Legend.Add(fmt.Sprintf("%s vs %s", st.First, st.Second), line)
	}
	wt, err := p.WriterTo(PlotWidth, PlotHeight, format)
	if err != nil {
		return err
	}
	_, err = wt.WriteTo(w)
	return err
}

// series returns one value of each estimate, at games 1, 2, ..., clamped
// to ±bound (an unknown value at 0).
func series(h []Estimate, value func(Estimate) float64, bound float64) plotter.XYs {
	pts := make(plotter.XYs, len(h))
	for i, e := range h {
		v := value(e)
		if math.IsNaN(v) {
			v = 0
		}
		pts[i] = plotter.XY{X: float64(i + 1), Y: max(-bound, min(bound, v))}
	}
	return pts
}

// intervalBand is the area between the low and high ends of the intervals.
func intervalBand(h []Estimate, bound float64) (*plotter.Polygon, error) {
	low := series(h, func(e Estimate) float64 { return e.Low }, bound)
	high := series(h, func(e Estimate) float64 { return e.High }, bound)
	ring := append(plotter.XYs{}, low...)
	for i := len(high) - 1; i >= 0; i-- {
		ring = append(ring, high[i])
	}
	return plotter.NewPolygon(ring)
}

// lighten mixes a colour channel with two parts of white.
func lighten(c uint8) uint8 { return uint8((int(c) + 2*255) / 3) }
