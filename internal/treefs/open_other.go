//go:build !unix

package treefs

import (
	"io/fs"
	"os"
	"slices"
	"strings"
)

// openNoBlock opens path for reading; the Stat check before it refuses
// FIFOs and devices on systems without O_NONBLOCK.
func openNoBlock(path string) (*os.File, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &os.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	return os.Open(path)
}

// openIn opens rel below r for reading, after checking it is a regular
// file (no O_NONBLOCK here).
func openIn(r *os.Root, rel string) (*os.File, error) {
	st, err := r.Stat(rel)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &os.PathError{Op: "open", Path: rel, Err: ErrNotRegular}
	}
	return r.Open(rel)
}

func sortEntries(ents []fs.DirEntry) {
	slices.SortFunc(ents, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
}
