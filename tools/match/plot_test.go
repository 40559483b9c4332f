package match

import (
	"bytes"
	"image/png"
	"testing"
)

func TestWritePlotDrawsTheEloOfEachEncounter(t *testing.T) {
	m := &Match{Engines: []EngineConfig{{Name: "a"}, {Name: "b"}, {Name: "c"}}}
	r := newReport(m, &schedule{encounters: encounters(3, Gauntlet), openings: []Opening{{}}}, 40)
	for i := range 20 {
		for e := range 2 {
			rec := gameRecord{index: i, names: [2]string{"a", r.Standings[e].Second}, diff: []int{4, -2, 0, 6}[(i+e)%4], done: true}
			r.add(&rec, e)
		}
	}
	var buf bytes.Buffer
	if err := WritePlot(&buf, r); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != plotWidth || b.Dy() != plotHeight {
		t.Fatalf("size %v", b)
	}
	counts := map[[3]uint32]int{}
	for y := range plotHeight {
		for x := range plotWidth {
			r, g, b, _ := img.At(x, y).RGBA()
			counts[[3]uint32{r >> 8, g >> 8, b >> 8}]++
		}
	}
	for i, c := range plotColours[:2] {
		if counts[[3]uint32{uint32(c.R), uint32(c.G), uint32(c.B)}] < 50 {
			t.Errorf("encounter %d's line is missing", i)
		}
	}
}
