//go:build !unix

package krustyfloor

import "time"

// processCPU is unknown where there is no rusage.
func processCPU() (time.Duration, bool) { return 0, false }
