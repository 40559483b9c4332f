package plotstyle

import (
	"bytes"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

func TestEveryTextOfAPlotIsSans(t *testing.T) {
	p := plot.New()
	Apply(p)
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = "title", "x", "y"
	line, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}})
	if err != nil {
		t.Fatal(err)
	}
	p.Add(line)
	p.Legend.Add("line", line)
	wt, err := p.WriterTo(200, 100, "svg")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if _, err := wt.WriteTo(&buf); err != nil {
		t.Fatal(err)
	}
	svg := buf.String()
	if n := strings.Count(svg, "<text"); n < 5 || strings.Count(svg, "font-family:Liberation Sans;") != n {
		t.Errorf("%d texts, %d in Liberation Sans", n, strings.Count(svg, "font-family:Liberation Sans;"))
	}
}

func TestFormatIsTheExtensionOfAnSVGOrPNGFile(t *testing.T) {
	for file, want := range map[string]string{"a.svg": "svg", "dir/b.PNG": "png", "c.gif": "", "d": ""} {
		got, err := Format(file)
		if got != want || (err == nil) != (want != "") {
			t.Errorf("Format(%q) = %q, %v; want %q", file, got, err, want)
		}
	}
}
