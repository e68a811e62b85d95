//go:build unix

package helm

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// setCPULimit bounds this process's CPU time with RLIMIT_CPU: at seconds
// the kernel sends SIGXCPU, on which the process exits with exitCPULimit
// (the parent's sign that the chart used its CPU time); a second later,
// the hard limit, it sends SIGKILL.
func setCPULimit(seconds int64) error {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_CPU, &rl); err != nil {
		return fmt.Errorf("CPU limit: %w", err)
	}
	soft, hard := capAt(seconds, rl.Max), capAt(seconds+1, rl.Max)
	xcpu := make(chan os.Signal, 1)
	signal.Notify(xcpu, syscall.SIGXCPU)
	go func() {
		<-xcpu
		os.Exit(exitCPULimit)
	}()
	if err := syscall.Setrlimit(syscall.RLIMIT_CPU, &syscall.Rlimit{Cur: soft, Max: hard}); err != nil {
		return fmt.Errorf("CPU limit: %w", err)
	}
	return nil
}

// capAt is n, at most hard, in the type of the system's rlimits (int64 on
// some systems, uint64 on others).
func capAt[T ~int64 | ~uint64](n int64, hard T) T { return min(T(n), hard) }
