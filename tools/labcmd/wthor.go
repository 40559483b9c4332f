package labcmd

import (
	"fmt"
	"io"
	"os"

	"github.com/sable-othello/sable/internal/cli"
	"github.com/sable-othello/sable/tools/wthor"
)

// runWthor implements "sable wthor": check WTHOR files before they feed
// training or a book.
func runWthor(args []string, stdout, stderr io.Writer) int {
	fs := cli.NewFlagSet("wthor", "[flags] FILE|DIR...", `Checks WTHOR game files (.wtb, or every .wtb file of a directory): reads each
header and record, replays every game legally, and prints one row per file,
then every bad record with its file and index. Exits 1 if any is bad.`, stdout, stderr)
	if err := fs.Parse(args); err != nil {
		return fs.Exit(err)
	}
	if fs.NArg() == 0 {
		return fs.Exit(fs.UsageError("no FILE or DIR"))
	}
	var files []*wthor.File
	for _, path := range fs.Args() {
		fi, err := os.Stat(path)
		if err != nil {
			return fs.Exit(err)
		}
		if fi.IsDir() {
			dir, err := wthor.ReadDir(path)
			if err != nil {
				return fs.Exit(err)
			}
			files = append(files, dir...)
			continue
		}
		f, err := wthor.ReadFile(path)
		if err != nil {
			return fs.Exit(err)
		}
		files = append(files, f)
	}
	fmt.Fprintf(stdout, "%-40s %6s %8s %12s\n", "file", "year", "games", "theoretical")
	games := 0
	for _, f := range files {
		games += len(f.Games)
		fmt.Fprintf(stdout, "%-40s %6d %8d %9d emp\n", f.Path, f.Header.GameYear, len(f.Games), f.Header.TheoreticalDepth)
	}
	bad := wthor.Validate(files)
	for _, e := range bad {
		fmt.Fprintln(stdout, "bad:", e)
	}
	fmt.Fprintf(stdout, "total: %d files, %d games, %d bad\n", len(files), games, len(bad))
	if len(bad) > 0 {
		return 1
	}
	return 0
}
