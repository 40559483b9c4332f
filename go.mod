module github.com/sable-othello/sable

go 1.26.0

require (
	github.com/dgraph-io/ristretto/v2 v2.4.2
	github.com/pkg/profile v1.7.0
	github.com/schollz/progressbar/v3 v3.19.1
	golang.org/x/sys v0.50.0
	golang.org/x/term v0.44.0
)

require (
	github.com/cespare/xxhash/v2 v2.3.0 // indirect
	github.com/dustin/go-humanize v1.0.1 // indirect
	github.com/felixge/fgprof v0.9.3 // indirect
	github.com/google/pprof v0.0.0-20211214055906-6f57359322fd // indirect
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
)
