//go:build linux

package helm

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// limitAddressSpace caps the process's address space at what it uses now
// plus twice limit (Go reserves address space ahead of use), so a chart
// that allocates without bound fails instead of exhausting the machine.
func limitAddressSpace(limit int64) {
	cur := vmSize()
	if cur <= 0 {
		return
	}
	n := uint64(cur + 2*limit)
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err == nil && rl.Max < n {
		n = rl.Max
	}
	_ = syscall.Setrlimit(syscall.RLIMIT_AS, &syscall.Rlimit{Cur: n, Max: n})
}

// vmSize is the process's virtual memory size in bytes (0 if unknown).
func vmSize() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, l := range bytes.Split(b, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(l, []byte("VmSize:")); ok {
			f := bytes.Fields(rest)
			if len(f) == 0 {
				return 0
			}
			kb, err := strconv.ParseInt(string(f[0]), 10, 64)
			if err != nil {
				return 0
			}
			return kb << 10
		}
	}
	return 0
}
