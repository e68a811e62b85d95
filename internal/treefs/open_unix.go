//go:build unix

package treefs

import (
	"io/fs"
	"os"
	"slices"
	"strings"
	"syscall"
)

// openNoBlock opens path for reading without blocking on a FIFO and without
// following a symlink in its last element.
func openNoBlock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
}

// openIn opens rel below r for reading without blocking on a FIFO; r
// follows symlinks only while they stay below it.
func openIn(r *os.Root, rel string) (*os.File, error) {
	return r.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}

func sortEntries(ents []fs.DirEntry) {
	slices.SortFunc(ents, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
}
