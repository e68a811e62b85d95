//go:build unix

package procs

import (
	"syscall"
	"time"
)

// CPU is the CPU time (user + system) this process has used so
// far, on every thread; false when the kernel does not say.
func CPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
