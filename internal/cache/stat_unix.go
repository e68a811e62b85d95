//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package cache

import (
	"io/fs"
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
