//go:build unix && !linux

package helm

import "syscall"

// setLimits bounds this process, a child renderer before it reads its
// request: CPU time with RLIMIT_CPU (see setCPULimit). Memory is Go's soft
// limit (set by bound) only: these systems do not bound a process's
// mappings as Linux's RLIMIT_DATA does.
func setLimits(lim Limits) error {
	if lim.CPUSeconds > 0 {
		return setCPULimit(lim.CPUSeconds)
	}
	return nil
}

// sysProcAttr: here a child does not learn that its parent died; it ends
// at its CPU limit.
func sysProcAttr() *syscall.SysProcAttr { return nil }
