package main

import "runtime/debug"

// The garbage collector's defaults for a faultline run, measured on the
// benchmark trees (BENCHMARKS.md): collecting when the heap has grown by
// 200 % rather than Go's 100 % saves 14–16 % of CPU on a chart- and
// kustomize-heavy tree, and the soft memory limit keeps the peak of a
// Terraform tree of 12,550 files at about 370 MiB (580 MiB without it) for
// less CPU than either default. A run whose live heap outgrows the limit
// is not stopped: the collector then works harder, within Go's bound on
// its CPU share. GOGC and GOMEMLIMIT in the environment win.
const (
	defaultGCPercent   = 200
	defaultMemoryLimit = 320 << 20
)

// gcSettings are the collector settings a run applies: the GC percent and
// the soft memory limit, each -1 when the environment sets its own.
func gcSettings(getenv func(string) string) (percent int, limit int64) {
	percent, limit = defaultGCPercent, defaultMemoryLimit
	if getenv("GOGC") != "" {
		percent = -1
	}
	if getenv("GOMEMLIMIT") != "" {
		limit = -1
	}
	return percent, limit
}

// tuneGC applies gcSettings to this process.
func tuneGC(getenv func(string) string) {
	percent, limit := gcSettings(getenv)
	if percent >= 0 {
		debug.SetGCPercent(percent)
	}
	if limit >= 0 {
		debug.SetMemoryLimit(limit)
	}
}
