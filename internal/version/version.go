// Package version holds Sable's version, the one that `sable --version` and
// GTP's version command print. A release sets it at build time:
//
//	go build -ldflags "-X github.com/sable-othello/sable/internal/version.version=1.0.0" ./cmd/sable
package version

import "runtime/debug"

// version is a variable only so that the linker's -X can set it.
var version = ""

// dev is the version of a build that was given none.
const dev = "0.1.0-dev"

// String returns the version set at build time; else the module's version
// when the binary was installed from a tagged module
// (go install github.com/sable-othello/sable/cmd/sable@v1.0.0); else the
// development version.
func String() string {
	if version != "" {
		return version
	}
	if info, ok := debug.ReadBuildInfo(); ok && info.Main.Version != "" && info.Main.Version != "(devel)" {
		return info.Main.Version
	}
	return dev
}
