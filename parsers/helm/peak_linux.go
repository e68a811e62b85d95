//go:build linux

package helm

import "os"

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
type residentWatch struct {
	limit, start int64
}

// newResidentWatch returns a watch of limit bytes; limit 0, or a system
// that does not report resident sizes, watches nothing.
func newResidentWatch(limit int64) *residentWatch {
	if limit <= 0 {
		return nil
	}
	if _, err := statusBytes("VmHWM"); err != nil {
		return nil
	}
	return &residentWatch{limit: limit}
}

// reset starts a request: its peak counts from the resident size now.
func (w *residentWatch) reset() {
	if w == nil {
		return
	}
	_ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0)
	w.start, _ = statusBytes("VmRSS")
}

// exceeded says whether the peak since reset rose more than the limit.
func (w *residentWatch) exceeded() bool {
	if w == nil || w.start == 0 {
		return false
	}
	peak, err := statusBytes("VmHWM")
	return err == nil && peak-w.start > w.limit
}
