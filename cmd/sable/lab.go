//go:build !engineonly

package main

import "github.com/sable-othello/sable/tools/labcmd"

// The lab's subcommands (tools/labcmd) join the engine's here, so that the
// one sable binary has every tool; "go build -tags engineonly" leaves them
// and everything they link out.
func init() { commands = append(commands, labcmd.Commands...) }
