//go:build !unix

package mermaidcheck

// lock is a no-op where flock does not exist: tests there run one
// package at a time (go test -p 1) if they share the install.
func lock(string, bool) (func(), error) { return func() {}, nil }
