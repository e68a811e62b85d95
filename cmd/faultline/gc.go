package main

import "runtime/debug"

// The garbage collector's defaults for a faultline run, measured on the
// benchmark trees (docs/benchmarks.md): collecting when the heap has grown by
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

// tuneGC applies gcSettings to this process and returns the memory limit
// it set (-1: the environment's).
func tuneGC(getenv func(string) string) int64 {
	percent, limit := gcSettings(getenv)
	if percent >= 0 {
		debug.SetGCPercent(percent)
	}
	if limit >= 0 {
		debug.SetMemoryLimit(limit)
	}
	return limit
}

// planMemoryFactor is the heap a run may use per byte of a plan's JSON:
// the plan decoded and the model built from it keep 5 to 7 times its
// size live (200,000 node group deletions, 97 MB: 666 MiB; 200,000
// creations, 190 MB: 922 MiB), and 3 times more leaves the collector a
// margin that grows with the plan.
const planMemoryFactor = 10

// memoryLimitFor is the soft memory limit of a run holding a plan of
// size bytes, from the limit set for the run without one. The limit must
// stay above the live heap by a margin that grows with it: a limit below
// the live heap makes the collector run again after every few megabytes
// allocated, each time marking the whole plan, and the run's cost grew
// with the square of the plan (500,000 deletions: 40 s of CPU, 12 s with
// the limit out of the way).
func memoryLimitFor(limit, size int64) int64 {
	if limit < 0 || size <= 0 {
		return limit
	}
	return limit + planMemoryFactor*size
}

// raiseMemoryLimit returns what a run calls with the size of the plan it
// read: it raises this process's soft memory limit, set by tuneGC to limit,
// to memoryLimitFor that plan (nothing when the environment sets the
// limit).
func raiseMemoryLimit(limit int64) func(size int64) {
	return func(size int64) {
		if limit >= 0 && size > 0 {
			debug.SetMemoryLimit(memoryLimitFor(limit, size))
		}
	}
}
