// Package plotstyle gives Sable's plots (gonum.org/v1/plot) one look: the
// sans-serif face of the Liberation fonts that gonum embeds, for every text,
// and legend rows apart. The review page's style names the same face, so an
// SVG plot inline in it is laid out with the metrics it was drawn with.
package plotstyle

import (
	"fmt"
	"path/filepath"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// Variant is the Liberation face of every text of a plot.
const Variant font.Variant = "Sans"

// legendGap separates the legend's rows: gonum spaces them by less than
// the text's height, and browsers showing an SVG plot overlap them.
const legendGap = 3 * vg.Millimeter

// Apply sets every text of p (title, axis labels, tick labels, legend) in
// the sans-serif face and spaces the legend's rows.
func Apply(p *plot.Plot) {
	p.Legend.Padding = legendGap
	for _, f := range []*font.Font{&p.Title.TextStyle.Font, &p.X.Label.TextStyle.Font,
		&p.Y.Label.TextStyle.Font, &p.X.Tick.Label.Font, &p.Y.Tick.Label.Font,
		&p.Legend.TextStyle.Font} {
		f.Variant = Variant
	}
}

// Format returns the format of a plot file from its extension, "svg" or
// "png" (any case); other files are refused.
func Format(file string) (string, error) {
	f := strings.ToLower(strings.TrimPrefix(filepath.Ext(file), "."))
	if f != "svg" && f != "png" {
		return "", fmt.Errorf("--plot %s: want a .svg or .png file", file)
	}
	return f, nil
}
