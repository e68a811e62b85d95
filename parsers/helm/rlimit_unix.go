//go:build unix && !linux

package helm

import (
	"os"
	"syscall"
)

// setLimits bounds this process, a child renderer before it reads its
// first request: CPU time with RLIMIT_CPU (see watchCPU and budgetCPU).
// Memory is Go's soft limit (set by bound) only: these systems do not
// bound a process's mappings as Linux's RLIMIT_DATA does.
func setLimits(lim Limits) error {
	if lim.CPUSeconds > 0 {
		watchCPU()
	}
	return nil
}

// sysProcAttr: here a child does not learn that its parent died; it ends
// at its CPU limit.
func sysProcAttr() *syscall.SysProcAttr { return nil }

// peakResident is the most memory a finished child held resident, in
// bytes (0 when the system does not say).
func peakResident(st *os.ProcessState) int64 {
	if st == nil {
		return 0
	}
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss // bytes on the BSDs and macOS
	}
	return 0
}
