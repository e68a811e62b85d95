//go:build linux

package helm

import (
	"runtime"
	"runtime/debug"
	"testing"
)

// TestResidentWatch: a rendering that makes 192 MiB resident passes a
// 64 MiB watch, one that makes a few MiB resident does not, and memory
// held from before a reset is not counted against the next request.
func TestResidentWatch(t *testing.T) {
	w := newResidentWatch(64 << 20)
	if w == nil {
		t.Skip("this system reports no resident sizes")
	}
	touch := func(n int) []byte {
		b := make([]byte, n)
		for i := 0; i < len(b); i += 4096 {
			b[i] = 1
		}
		return b
	}
	w.reset()
	small := touch(4 << 20)
	if w.exceeded() {
		t.Errorf("4 MiB resident passes a 64 MiB watch")
	}
	w.reset()
	big := touch(192 << 20)
	if !w.exceeded() {
		t.Errorf("192 MiB resident does not pass a 64 MiB watch")
	}
	w.reset()
	more := touch(4 << 20)
	if w.exceeded() {
		t.Errorf("memory resident before the reset counted against the next request")
	}
	runtime.KeepAlive(small)
	runtime.KeepAlive(big)
	runtime.KeepAlive(more)
	if newResidentWatch(0) != nil {
		t.Errorf("a zero limit watches")
	}
}

// The watch holds a rendering's peak, not what is resident when it ends:
// memory touched and given back to the system within a request still
// counts, and only against that request. Its reads of /proc agree with os.ReadFile's, whatever the size
// of its buffer.
func TestResidentWatchPeak(t *testing.T) {
	w := newResidentWatch(64 << 20)
	if w == nil {
		t.Skip("this system reports no resident sizes")
	}
	defer w.close()
	w.buf = make([]byte, 16)
	want, err := statusBytes("VmRSS")
	if got := w.resident(); err != nil || got < want/2 || got > 2*want {
		t.Errorf("resident %d, /proc/self/status says %d (%v)", got, want, err)
	}
	w.reset()
	b := make([]byte, 192<<20)
	for i := 0; i < len(b); i += 4096 {
		b[i] = 1
	}
	runtime.KeepAlive(b)
	b = nil
	runtime.GC()
	debug.FreeOSMemory()
	if now, _ := statusBytes("VmRSS"); now-w.start > 64<<20 {
		t.Skipf("the runtime kept %d MiB resident", (now-w.start)>>20)
	}
	if !w.exceeded() {
		t.Errorf("192 MiB touched and returned does not pass a 64 MiB watch")
	}
	peak, ok := w.peak()
	if hwm, err := statusBytes("VmHWM"); !ok || err != nil || peak != hwm {
		t.Errorf("peak %d %v, /proc/self/status says %d (%v)", peak, ok, hwm, err)
	}
	w.reset()
	if w.exceeded() {
		t.Errorf("the peak of the last request counted against the next")
	}
}
