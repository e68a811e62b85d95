//go:build !unix

package helm

import (
	"os"
	"syscall"
	"time"
)

// setLimits is best effort on systems without rlimits: Go's soft memory
// limit (set by bound) and the parent's wall-clock backstop bound the
// child.
func setLimits(Limits) error { return nil }

// budgetCPU does nothing here: the wall-clock backstop bounds a request.
func budgetCPU(int64) error { return nil }

// processCPU is unknown here: renderings are charged nothing.
func processCPU() time.Duration { return 0 }

// sysProcAttr: here a child does not learn that its parent died.
func sysProcAttr() *syscall.SysProcAttr { return nil }

// peakResident is unknown here.
func peakResident(*os.ProcessState) int64 { return 0 }
