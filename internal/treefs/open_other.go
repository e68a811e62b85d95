//go:build !unix

package treefs

import "os"

// noFollow: openNoBlock follows a symlink as the last element, so every
// read resolves and confines the whole path first.
const noFollow = false

// openNoBlock opens path for reading; the Stat check before it refuses
// FIFOs and devices on systems without O_NONBLOCK.
func openNoBlock(path string) (*os.File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &os.PathError{Op: "open", Path: path, Err: ErrNotRegular}
	}
	return os.Open(path)
}
