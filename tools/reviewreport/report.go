package reviewreport

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/sable-othello/sable/internal/atomicfile"
	"github.com/sable-othello/sable/internal/plotstyle"
	"github.com/sable-othello/sable/review"
)

// Report says what "sable review" makes of a review file.
type Report struct {
	Thresholds review.Thresholds
	Summary    bool   // each player's totals instead of the move tables
	Out        string // the review file to write, JSON; "" for none
	Plot       string // the plot file, .svg or .png (FILE-N.ext for game N of several); "" for none
	HTML       string // the page to write; "" for none
	Title      string // what the page reviews, after "Review of "
}

// Write prints the tables or the summary on w, and writes the Out, Plot
// and HTML files.
func (r *Report) Write(file *File, w io.Writer) error {
	if r.Out != "" {
		if err := file.Save(r.Out); err != nil {
			return err
		}
	}
	if r.Summary {
		if err := review.WriteSummary(w, review.Summarize(file.Games, r.Thresholds)); err != nil {
			return err
		}
	} else {
		for i := range file.Games {
			if err := review.WriteTable(w, &file.Games[i], r.Thresholds); err != nil {
				return err
			}
		}
	}
	if r.Plot != "" {
		format, err := plotstyle.Format(r.Plot)
		if err != nil {
			return err
		}
		for i := range file.Games {
			g := &file.Games[i]
			name := r.Plot
			if len(file.Games) > 1 {
				ext := filepath.Ext(name)
				name = fmt.Sprintf("%s-%d%s", strings.TrimSuffix(name, ext), g.Index, ext)
			}
			if err := atomicfile.Write(name, func(w io.Writer) error { return WritePlot(w, g, r.Thresholds, format) }); err != nil {
				return err
			}
		}
	}
	if r.HTML != "" {
		return atomicfile.Write(r.HTML, func(w io.Writer) error {
			return WriteHTML(w, "Review of "+r.Title, file.Settings, file.Games, r.Thresholds)
		})
	}
	return nil
}
