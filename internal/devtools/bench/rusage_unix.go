//go:build unix

package bench

import (
	"os"
	"runtime"
	"syscall"
)

// maxRSS is the child's peak resident set size in bytes (ru_maxrss: KiB
// on Linux and the BSDs, bytes on macOS).
func maxRSS(ps *os.ProcessState) int64 {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok {
		return 0
	}
	if runtime.GOOS == "darwin" || runtime.GOOS == "ios" {
		return int64(ru.Maxrss)
	}
	return int64(ru.Maxrss) * 1024
}
