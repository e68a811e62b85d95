//go:build unix

package treefs

import (
	"os"
	"syscall"
)

// noFollow: openNoBlock refuses a symlink as the last element (ELOOP).
const noFollow = true

// openNoBlock opens path for reading without blocking on a FIFO and without
// following a symlink in its last element.
func openNoBlock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
}
