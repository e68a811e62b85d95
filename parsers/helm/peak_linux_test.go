//go:build linux

package helm

import (
	"runtime"
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
