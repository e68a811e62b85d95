//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package cache

import (
	"io/fs"
	"os"
	"syscall"
)

// statID is a file's change identity from its stat.
func statID(info fs.FileInfo) StatID {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return StatID{}
	}
	return StatID{MTime: info.ModTime().UnixNano(), CTime: ctime(st), Ino: uint64(st.Ino), Dev: uint64(st.Dev)}
}

// openRegular opens a file to hash without blocking on a FIFO put in its
// place since it was checked, nor following a symlink put there.
func openRegular(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
}
