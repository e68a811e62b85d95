//go:build linux

package helm

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// residentWatch measures, request by request, the resident memory a
// rendering adds to a fresh worker. RLIMIT_DATA bounds what the worker
// maps while it renders, but the kernel does not check it on every way a
// mapping becomes writable: a chart asking for gigabytes at once was seen
// to get them on a loaded machine. The worker therefore also measures its
// peak resident memory after each rendering (VmHWM, reset before it with
// /proc/self/clear_refs) and fails a rendering whose peak rose more than
// the limit above the resident size it started with, as if the mapping
// had failed. Measured from the start of each request, memory an earlier
// rendering left resident is never held against the next chart.
//
// The three files stay open for the worker's life and are read with one
// pread each: opening and reading /proc/self/status afresh twice per
// request cost 30 µs a time, 6 % of a worker's CPU on a repository of
// small charts (57 renderings).
type residentWatch struct {
	limit, start int64
	// status, statm and clearRefs are descriptors of /proc/self/status,
	// /proc/self/statm and /proc/self/clear_refs (-1: not open).
	status, statm, clearRefs int
	buf                      []byte
}

// newResidentWatch returns a watch of limit bytes; limit 0, or a system
// that does not report resident sizes, watches nothing.
func newResidentWatch(limit int64) *residentWatch {
	if limit <= 0 {
		return nil
	}
	w := &residentWatch{limit: limit, status: openProc("status", os.O_RDONLY), statm: openProc("statm", os.O_RDONLY), clearRefs: openProc("clear_refs", os.O_WRONLY), buf: make([]byte, 4096)}
	if _, ok := w.peak(); !ok || w.statm < 0 {
		w.close()
		return nil
	}
	return w
}

// openProc opens /proc/self/name for the process's life, or returns -1.
func openProc(name string, mode int) int {
	fd, err := syscall.Open("/proc/self/"+name, mode|syscall.O_CLOEXEC, 0)
	if err != nil {
		return -1
	}
	return fd
}

// close closes the watch's files.
func (w *residentWatch) close() {
	for _, fd := range []int{w.status, w.statm, w.clearRefs} {
		if fd >= 0 {
			_ = syscall.Close(fd)
		}
	}
}

// reset starts a request: its peak counts from the resident size now.
func (w *residentWatch) reset() {
	if w == nil {
		return
	}
	if w.clearRefs >= 0 {
		_, _ = syscall.Pwrite(w.clearRefs, []byte("5"), 0)
	}
	w.start = w.resident()
}

// exceeded says whether the peak since reset rose more than the limit.
func (w *residentWatch) exceeded() bool {
	if w == nil || w.start == 0 {
		return false
	}
	peak, ok := w.peak()
	return ok && peak-w.start > w.limit
}

// resident is the process's resident size now (statm's second field, in
// pages: the kernel's VmRSS), or 0 when it cannot be read.
func (w *residentWatch) resident() int64 {
	n, err := syscall.Pread(w.statm, w.buf, 0)
	if err != nil {
		return 0
	}
	f := bytes.Fields(w.buf[:max(n, 0)])
	if len(f) < 2 {
		return 0
	}
	pages, err := strconv.ParseInt(string(f[1]), 10, 64)
	if err != nil {
		return 0
	}
	return pages * int64(os.Getpagesize())
}

// peak is the process's peak resident size since the last reset
// (VmHWM), and whether it could be read.
func (w *residentWatch) peak() (int64, bool) {
	if w.status < 0 {
		return 0, false
	}
	for {
		n, err := syscall.Pread(w.status, w.buf, 0)
		if err != nil || n < 0 {
			return 0, false
		}
		if n == len(w.buf) {
			w.buf = make([]byte, 2*len(w.buf))
			continue
		}
		v, err := statusField(w.buf[:n], "VmHWM")
		return v, err == nil
	}
}
