//go:build unix

package match

import (
	"os/exec"
	"syscall"
)

// ownProcessGroup starts the engine in a process group of its own, so that
// Ctrl-C in the terminal reaches only the runner (which then shuts engines
// down cleanly) and a kill reaches the engine's own children, such as the
// program that "go run" starts.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcessGroup kills the engine's process group.
func killProcessGroup(cmd *exec.Cmd) {
	syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
}
