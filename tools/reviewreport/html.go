package reviewreport

import (
	"bytes"
	"cmp"
	"html/template"
	"io"
	"slices"
	"strings"

	"github.com/sable-othello/sable/bitboard"
	"github.com/sable-othello/sable/review"
)

// WorstMoves is the number of board diagrams the HTML page shows per game.
const WorstMoves = 4

// htmlPage is the review page. Everything it shows is inside it (the plot
// and the boards are inline SVG, the style is in the page), so that it
// opens without a network and requests nothing.
var htmlPage = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>{{.Title}}</title>
<style>
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; margin: 1.5em auto; max-width: 60em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ccc; }
table { border-collapse: collapse; margin: 0.5em 0; }
th, td { padding: 0.15em 0.6em; text-align: right; border-bottom: 1px solid #eee; }
th { background: #f2f2f2; }
td.name, th.name { text-align: left; }
tr.inaccuracy td { background: #fff7d6; } tr.mistake td { background: #ffe3c4; } tr.blunder td { background: #ffd0d0; }
.plot svg { width: 100%; height: auto; }
.boards { display: flex; flex-wrap: wrap; gap: 1em; }
figure { margin: 0; } figcaption { max-width: 360px; font-size: 0.9em; }
.key { font-size: 0.9em; color: #555; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p class="key">{{.Settings}}. Values are final disc differences from the mover's side; marks from a loss of
{{.Thresholds.Inaccuracy}} (inaccuracy), {{.Thresholds.Mistake}} (mistake) and {{.Thresholds.Blunder}} (blunder) discs.</p>
{{range .Games}}
<section class="game" id="game-{{.Index}}">
<h2>{{.Title}}</h2>
<table class="totals">
<tr><th class="name">player</th><th>colour</th><th>moves</th><th>loss</th><th>loss/move</th><th>inaccuracies</th><th>mistakes</th><th>blunders</th></tr>
{{range .Players}}<tr><td class="name">{{.Name}}</td><td>{{.Color}}</td><td>{{.Moves}}</td><td>{{.Loss}}</td><td>{{printf "%.2f" .Average}}</td><td>{{index .Marks 1}}</td><td>{{index .Marks 2}}</td><td>{{index .Marks 3}}</td></tr>
{{end}}</table>
<div class="plot">{{.Plot}}</div>
<h3>Worst moves</h3>
{{if .Worst}}<p class="key">The move played is circled in red (dashed), the better move in green.</p>
<div class="boards">
{{range .Worst}}<figure>{{.Board}}<figcaption>Move {{.Number}}: {{.Color}} played {{.Played}} ({{printf "%+d" .PlayedValue}}); {{.Best}} ({{printf "%+d" .BestValue}}) was better by {{.Loss}} discs{{if .Mark}}, a {{.Mark}}{{end}}.</figcaption></figure>
{{end}}</div>
{{else}}<p>No move lost a disc.</p>
{{end}}
<h3>Moves</h3>
<table class="moves">
<tr><th>#</th><th class="name">player</th><th>empties</th><th>played</th><th>value</th><th>best</th><th>value</th><th>loss</th><th class="name">mark</th><th class="name">source</th></tr>
{{range .Rows}}<tr class="{{.Mark}}"><td>{{.Number}}</td><td class="name">{{.Color}}</td><td>{{.Empties}}</td><td>{{.Played}}</td><td>{{printf "%+d" .PlayedValue}}</td><td>{{.Best}}</td><td>{{printf "%+d" .BestValue}}</td><td>{{.Loss}}</td><td class="name">{{.Mark}} {{.Symbol}}</td><td class="name">{{.Source}}</td></tr>
{{end}}</table>
</section>
{{end}}
</body>
</html>
`))

// htmlRow is a move as the page shows it.
type htmlRow struct {
	review.Move
	Played, Best string
	Mark         review.Mark
	Symbol       string
	Source       string
	Board        template.HTML // for the worst moves
}

// htmlPlayer is a player's line of a game's totals.
type htmlPlayer struct {
	Name  string
	Color bitboard.Color
	review.Totals
}

// htmlGame is a game as the page shows it.
type htmlGame struct {
	Index   int
	Title   string
	Players []htmlPlayer
	Plot    template.HTML
	Worst   []htmlRow
	Rows    []htmlRow
}

// WriteHTML writes one self-contained page with the review of the games:
// per game, the players' totals, the plot, board diagrams of the worst
// moves with the better move shown, and the move table.
func WriteHTML(w io.Writer, title string, settings Settings, games []review.GameReview, th review.Thresholds) error {
	data := struct {
		Title      string
		Settings   Settings
		Thresholds review.Thresholds
		Games      []htmlGame
	}{Title: title, Settings: settings, Thresholds: th}
	for i := range games {
		hg, err := pageGame(&games[i], th)
		if err != nil {
			return err
		}
		data.Games = append(data.Games, hg)
	}
	return htmlPage.Execute(w, data)
}

// pageGame prepares a game for the page.
func pageGame(g *review.GameReview, th review.Thresholds) (htmlGame, error) {
	hg := htmlGame{Index: g.Index, Title: g.Title()}
	t := g.Totals(th)
	for _, c := range []bitboard.Color{bitboard.Black, bitboard.White} {
		hg.Players = append(hg.Players, htmlPlayer{Name: g.Name(c), Color: c, Totals: t[c]})
	}
	if len(g.Reviewed) == 0 {
		return hg, nil
	}
	var svg bytes.Buffer
	if err := WritePlot(&svg, g, th, "svg"); err != nil {
		return hg, err
	}
	// The SVG goes inline: the XML prolog and comment before <svg> have no
	// place inside HTML.
	plotSVG := svg.String()
	plotSVG = plotSVG[strings.Index(plotSVG, "<svg"):]
	hg.Plot = template.HTML(plotSVG)
	positions, err := g.Positions()
	if err != nil {
		return hg, err
	}
	for _, mv := range g.Reviewed {
		m := th.Mark(mv.Loss)
		hg.Rows = append(hg.Rows, htmlRow{Move: mv, Played: bitboard.SquareName(mv.Played),
			Best: bitboard.SquareName(mv.Best), Mark: m, Symbol: m.Symbol(), Source: mv.SourceName()})
	}
	worst := slices.Clone(hg.Rows)
	slices.SortStableFunc(worst, func(a, b htmlRow) int { return cmp.Compare(b.Loss, a.Loss) })
	for _, r := range worst[:min(WorstMoves, len(worst))] {
		if r.Loss == 0 {
			break
		}
		var board strings.Builder
		if err := WriteBoardSVG(&board, positions[r.Number-1], r.Move.Played, r.Move.Best); err != nil {
			return hg, err
		}
		r.Board = template.HTML(board.String())
		hg.Worst = append(hg.Worst, r)
	}
	return hg, nil
}
