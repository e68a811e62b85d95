//go:build !linux

package helm

// limitAddressSpace is best effort: outside Linux only Go's soft memory
// limit and the parent's timeout bound the child.
func limitAddressSpace(int64) {}
