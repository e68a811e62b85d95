//go:build linux

package helm

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
	"syscall"
)

// setLimits bounds this process, a child renderer before it reads its
// first request: memory (see limitMemory) and CPU time (see watchCPU;
// budgetCPU sets the budget of each request).
func setLimits(lim Limits) error {
	if lim.Memory > 0 {
		if err := limitMemory(lim.Memory); err != nil {
			return fmt.Errorf("memory limit: %w", err)
		}
	}
	if lim.CPUSeconds > 0 {
		watchCPU()
	}
	return nil
}

// limitMemory lets this process map limit bytes of data beyond what it
// has mapped now, as a fresh child, with RLIMIT_DATA (enforced since Linux
// 4.7). RLIMIT_DATA counts private writable mappings: the memory Go maps
// for its heap, stacks and metadata, not the address space it reserves
// ahead of use. Measured for faultline: a fresh child has 115 MiB of data
// mappings (7 MiB of them resident) in 1.6 GiB of address space; a chart
// that hoards memory dies with a resident size of the fresh child's plus
// the limit plus 2-3% (runtime metadata inside the fresh mappings).
// RLIMIT_AS is left alone: Go reserves address space in steps unrelated to
// the memory it uses, so a bound at the fresh address space plus the
// limit failed charts well within the limit.
func limitMemory(limit int64) error {
	base, err := statusBytes("VmData")
	if err != nil {
		return err
	}
	return lower(syscall.RLIMIT_DATA, base+limit)
}

// lower sets both limits of resource to n, or leaves them lower.
func lower(resource int, n int64) error {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(resource, &rl); err != nil {
		return err
	}
	m := capAt(n, rl.Max)
	return syscall.Setrlimit(resource, &syscall.Rlimit{Cur: m, Max: m})
}

// statusBytes reads a size field of /proc/self/status ("VmData:  1234 kB").
func statusBytes(field string) (int64, error) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, err
	}
	return statusField(b, field)
}

// statusField reads a size field of the text of /proc/self/status.
func statusField(b []byte, field string) (int64, error) {
	for len(b) > 0 {
		var l []byte
		l, b, _ = bytes.Cut(b, []byte("\n"))
		rest, ok := bytes.CutPrefix(l, []byte(field+":"))
		if !ok {
			continue
		}
		f := bytes.Fields(rest)
		if len(f) != 2 || string(f[1]) != "kB" {
			break
		}
		kb, err := strconv.ParseInt(string(f[0]), 10, 64)
		if err != nil {
			return 0, fmt.Errorf("/proc/self/status %s: %w", field, err)
		}
		return kb << 10, nil
	}
	return 0, fmt.Errorf("/proc/self/status has no %s in kB", field)
}

// sysProcAttr makes a child die with its parent: the kernel sends it
// SIGKILL when the thread that started it exits (the caller keeps that
// thread locked until the child has been waited for, see startWorker).
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}

// peakResident is the most memory a finished child held resident, in
// bytes (0 when the system does not say).
func peakResident(st *os.ProcessState) int64 {
	if st == nil {
		return 0
	}
	if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
		return ru.Maxrss << 10 // kilobytes on Linux
	}
	return 0
}
