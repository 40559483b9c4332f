package match

import (
	"bytes"
	"image/png"
	"strings"
	"testing"
)

// plotReport is a gauntlet of a against b and c after 20 games each.
func plotReport() *Report {
	m := &Match{Engines: []EngineConfig{{Name: "a"}, {Name: "b"}, {Name: "c"}}}
	r := newReport(m, &schedule{encounters: encounters(3, Gauntlet), openings: []Opening{{}}}, 40)
	for i := range 20 {
		for e := range 2 {
			rec := gameRecord{index: i, names: [2]string{"a", r.Standings[e].Second}, diff: []int{4, -2, 0, 6}[(i+e)%4], done: true}
			r.add(&rec, e)
		}
	}
	return r
}

func TestPlotDrawsTheEloOfEachEncounter(t *testing.T) {
	r := plotReport()
	var buf bytes.Buffer
	if err := WritePlot(&buf, r, "png"); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	b := img.Bounds()
	if b.Dx() != int(PlotWidth.Dots(96)) || b.Dy() != int(PlotHeight.Dots(96)) {
		t.Fatalf("size %v", b)
	}
	counts := map[[3]uint32]int{}
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			counts[[3]uint32{r >> 8, g >> 8, b >> 8}]++
		}
	}
	for i, c := range plotColours[:2] {
		if n := counts[[3]uint32{uint32(c.R), uint32(c.G), uint32(c.B)}]; n < 50 {
			t.Errorf("encounter %d's line is missing (%d pixels of its colour)", i, n)
		}
	}
	c := plotColours[0]
	if n := counts[[3]uint32{uint32(lighten(c.R)), uint32(lighten(c.G)), uint32(lighten(c.B))}]; n < 1000 {
		t.Errorf("the first encounter's interval is missing (%d pixels of its colour)", n)
	}
}

func TestPlotHasTitleAxesAndLegend(t *testing.T) {
	var buf bytes.Buffer
	if err := WritePlot(&buf, plotReport(), "svg"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Elo difference over the games", "games played", "Elo (first engine minus second)",
		"a vs b", "a vs b, 95% interval", "a vs c"} {
		if !strings.Contains(buf.String(), ">"+want+"<") {
			t.Errorf("the SVG plot lacks the text %q", want)
		}
	}
	if err := WritePlot(&buf, plotReport(), "gif"); err == nil {
		t.Error("a GIF plot: no error")
	}
}
