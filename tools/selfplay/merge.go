package selfplay

import (
	"errors"
	"fmt"

	"github.com/sable-othello/sable/tools/dataset"
)

// Merge joins the games files of the shards of one run into out, with
// the games in index order and the header of an unsharded run: merging the
// complete shards gives the file a single machine would have written.
// Shards in different formats (some begun by an older build, each resumed
// in its own) merge into format v5, which holds the games of any of them.
func Merge(out string, inputs []string) error {
	if len(inputs) == 0 {
		return errors.New("--merge needs the games files to merge as arguments")
	}
	var head dataset.GamesHeader
	mixed := false // shards in different formats
	var games []dataset.SelfPlayGame
	from := map[int]string{}
	for k, path := range inputs {
		h, g, err := dataset.ReadGames(path)
		if err != nil {
			return err
		}
		if k == 0 {
			head = h
		} else if !h.SameRun(head) {
			return fmt.Errorf("%s holds games of another run than %s:\n  %v\n  %v", path, inputs[0], h, head)
		}
		mixed = mixed || h.Format != head.Format
		for _, x := range g {
			if other, dup := from[x.Index]; dup {
				return fmt.Errorf("game %d is in both %s and %s", x.Index, other, path)
			}
			from[x.Index] = path
		}
		games = append(games, g...)
	}
	sortGames(games)
	head.Shard, head.Shards = 0, 1
	if mixed {
		head.Format = dataset.Format5
	}
	return dataset.WriteGames(out, head, games)
}
