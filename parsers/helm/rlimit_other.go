//go:build !unix

package helm

import "syscall"

// setLimits is best effort on systems without rlimits: Go's soft memory
// limit (set by bound) and the parent's wall-clock backstop bound the
// child.
func setLimits(Limits) error { return nil }

// sysProcAttr: here a child does not learn that its parent died.
func sysProcAttr() *syscall.SysProcAttr { return nil }
