//go:build darwin || freebsd || netbsd || openbsd || dragonfly

package cache

import "syscall"

func ctime(st *syscall.Stat_t) int64 { return st.Ctimespec.Nano() }
