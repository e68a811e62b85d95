//go:build !linux

package helm

// residentWatch is Linux's check of a rendering's resident memory (see
// peak_linux.go); elsewhere the memory limit alone bounds a rendering.
type residentWatch struct{}

func newResidentWatch(int64) *residentWatch { return nil }
func (*residentWatch) reset()               {}
func (*residentWatch) exceeded() bool       { return false }
