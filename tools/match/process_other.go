//go:build !unix

package match

import "os/exec"

// ownProcessGroup does nothing where process groups are not available.
func ownProcessGroup(cmd *exec.Cmd) {}

// killProcessGroup kills the engine's process.
func killProcessGroup(cmd *exec.Cmd) {
	cmd.Process.Kill()
}
