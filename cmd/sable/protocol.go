package main

import (
	"fmt"
	"io"
)

// runProtocol will run the GTP/NBoard loop.
func runProtocol(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fmt.Fprintln(stderr, "sable: protocol loop not built yet")
	return 2
}
