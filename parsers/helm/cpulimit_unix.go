//go:build unix

package helm

import (
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// watchCPU makes this process exit with exitCPULimit (the parent's sign
// that a chart used its CPU time) on SIGXCPU, which the kernel sends when
// the process's CPU time passes the soft RLIMIT_CPU that budgetCPU sets.
func watchCPU() {
	xcpu := make(chan os.Signal, 1)
	signal.Notify(xcpu, syscall.SIGXCPU)
	go func() {
		<-xcpu
		os.Exit(exitCPULimit)
	}()
}

// budgetCPU lets this long-lived process use seconds more CPU time from
// now, for the request it is about to render: it sets the soft RLIMIT_CPU
// to the CPU time used so far, rounded up to a second, plus seconds. A
// chart then stops after between seconds and seconds+1 of CPU time,
// whatever the requests before it used. The hard limit stays as it is
// (an unprivileged process cannot raise it again once lowered); past the
// soft limit the kernel repeats SIGXCPU every second, and the parent's
// wall-clock backstop kills a process that still runs.
func budgetCPU(seconds int64) error {
	if seconds <= 0 {
		return nil
	}
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return fmt.Errorf("CPU limit: %w", err)
	}
	used := time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	soft := int64((used+time.Second-1)/time.Second) + seconds
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_CPU, &rl); err != nil {
		return fmt.Errorf("CPU limit: %w", err)
	}
	rl.Cur = capAt(soft, rl.Max)
	if err := syscall.Setrlimit(syscall.RLIMIT_CPU, &rl); err != nil {
		return fmt.Errorf("CPU limit: %w", err)
	}
	return nil
}

// processCPU is the CPU time this process has used (0 when unknown).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// capAt is n, at most hard, in the type of the system's rlimits (int64 on
// some systems, uint64 on others).
func capAt[T ~int64 | ~uint64](n int64, hard T) T { return min(T(n), hard) }
