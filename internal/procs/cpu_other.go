//go:build !unix

package procs

import "time"

// CPU is not measured on this system.
func CPU() (time.Duration, bool) { return 0, false }
