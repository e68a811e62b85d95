//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package cache

import (
	"errors"
	"io/fs"
	"os"
)

// statID is zero where the system gives no change time: every file's
// content is hashed on every run.
func statID(fs.FileInfo) StatID { return StatID{} }

// openRegular opens a file to hash after checking, without following a
// symlink, that it is a regular file.
func openRegular(path string) (*os.File, error) {
	st, err := os.Lstat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, errors.New("not a regular file")
	}
	return os.Open(path)
}
