package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"strconv"
	"strings"
	"sync/atomic"
)

// The garbage collector's settings for a faultline run. A run is short and
// most of what it allocates is garbage within a stage, so by default the
// collector does not run on heap growth (GOGC=off): it runs as the heap
// nears the soft memory limit, and a run whose heap stays below it never
// collects — measured on the benchmark repositories (docs/benchmarks.md):
// 8–30 % less CPU cold than GOGC=200, the setting before. Once a
// collection finds a third of the limit or more still live, the run goes
// back to GOGC=200 under the same limit, for the rest of it: a large
// tree's live heap then sets the pace as before. Collecting on the limit
// alone with a large live heap was measured and lost: on 50 copies of the
// benchmark repositories (2,450 roots) +16 % CPU and a higher peak (400
// against 373 MiB), the collector starting each cycle only at the limit
// with little room above the live heap.
//
// The limit is 320 MiB, lower when the process runs in a control group
// with a memory limit under twice it (a CI container given 256 MiB): half
// the group's, never below 64 MiB. A run whose live heap nears the limit
// (three quarters of it) has the limit raised to three times its live
// heap, within three quarters of the group's limit (keepHeadroom): the
// collector would otherwise run again after every few megabytes
// allocated. The 50-copies tree (live heap below that) peaks as before,
// 385 MB. GOGC and GOMEMLIMIT in the environment win:
// with GOGC set, the environment's percent and faultline's limit; with
// GOMEMLIMIT set, the environment's limit and GOGC=200 (a limit the user
// may have set to "off" must not leave the collector off as well); with
// both, nothing.
const (
	defaultMemoryLimit = 320 << 20
	minMemoryLimit     = 64 << 20
	// limitedGCPercent is the GC percent of a run whose memory limit the
	// environment sets, and of a run whose live heap grew large.
	limitedGCPercent = 200
	// gcOff is debug.SetGCPercent's "collect on the memory limit only".
	gcOff = -1
)

// gcSettings are the collector settings a run applies.
type gcSettings struct {
	// SetPercent says whether the run sets Percent (false: GOGC in the
	// environment decides).
	SetPercent bool
	// Percent is the GC percent the run sets; gcOff turns collection on
	// heap growth off until a collection finds a third of Limit live.
	Percent int
	// Limit is the soft memory limit the run sets in bytes; -1 when
	// GOMEMLIMIT in the environment decides.
	Limit int64
	// GroupLimit is the memory limit of the process's control group in
	// bytes (0: none known).
	GroupLimit int64
}

// String says what the settings are, for --verbose.
func (s gcSettings) String() string {
	var percent, limit string
	switch {
	case !s.SetPercent:
		percent = "GOGC from the environment"
	case s.Percent == gcOff:
		percent = "collected only near the limit (GOGC=off) until a third of it is live"
	default:
		percent = "GOGC=" + strconv.Itoa(s.Percent)
	}
	switch {
	case s.Limit < 0:
		limit = "soft memory limit from the environment (GOMEMLIMIT)"
	case s.Limit < defaultMemoryLimit:
		limit = fmt.Sprintf("soft memory limit %d MiB (half the control group's %d MiB)", s.Limit>>20, s.GroupLimit>>20)
	default:
		limit = fmt.Sprintf("soft memory limit %d MiB", s.Limit>>20)
	}
	return limit + ", " + percent
}

// gcSettingsFor works out the settings from the environment and the
// memory limit of the process's control group (0: none known).
func gcSettingsFor(getenv func(string) string, groupLimit int64) gcSettings {
	s := gcSettings{SetPercent: true, Percent: gcOff, Limit: memoryLimitWithin(groupLimit), GroupLimit: groupLimit}
	if getenv("GOMEMLIMIT") != "" {
		s.Limit = -1
		s.Percent = limitedGCPercent
	}
	if getenv("GOGC") != "" {
		s.SetPercent = false
	}
	return s
}

// memoryLimitWithin is the soft memory limit of a run in a control group
// limited to groupLimit bytes (0: unlimited): the default, or half the
// group's limit when that is lower, never below minMemoryLimit.
func memoryLimitWithin(groupLimit int64) int64 {
	limit := int64(defaultMemoryLimit)
	if groupLimit > 0 && groupLimit/2 < limit {
		limit = max(groupLimit/2, minMemoryLimit)
	}
	return limit
}

// tuneGC applies the settings for this process's environment and control
// group, read from root (the file system at "/"), and returns them. With
// collection on heap growth off, every collection checks the live heap
// and the first that finds a third of the limit live turns it back on at
// limitedGCPercent (then calls steady, when not nil).
func tuneGC(getenv func(string) string, root fs.FS, steady func()) gcSettings {
	s := gcSettingsFor(getenv, groupMemoryLimit(root))
	if s.Limit >= 0 {
		debug.SetMemoryLimit(s.Limit)
	}
	if s.SetPercent {
		debug.SetGCPercent(s.Percent)
	}
	if s.SetPercent && s.Percent == gcOff {
		whenLiveHeapReaches(uint64(s.Limit/3), func() {
			debug.SetGCPercent(limitedGCPercent)
			if steady != nil {
				steady()
			}
		})
	}
	if s.Limit >= 0 {
		keepHeadroom(headroomCeiling(s.GroupLimit))
	}
	return s
}

// keepHeadroom raises the soft memory limit, after a collection that
// finds the live heap at three quarters of the limit or more, to three
// times the live heap, where GOGC=200 collects anyway (never above
// ceiling, when it is positive). A limit the
// live heap nears makes the collector run again after every few
// megabytes allocated: kustomize overlays of multi-megabyte CRDs
// (iqbalhakims/Disaster-Recovery-HA-Demo, about 430 MiB live) took 12.9 s
// of CPU at the 320 MiB limit and 4.7 s with it out of the way. A run
// whose live heap stays under three quarters of the limit is not
// affected.
//
// One watch runs at a time: a later call (the process's settings applied
// again, as tests do in one process) retires the earlier, whose pending
// check then does nothing and arms no other.
func keepHeadroom(ceiling int64) {
	type sentinel struct{ p *int }
	gen := headroomWatch.Add(1)
	var arm func()
	arm = func() {
		runtime.AddCleanup(&sentinel{p: new(int)}, func(struct{}) {
			if headroomWatch.Load() != gen {
				return // retired by a later watch
			}
			live := int64(liveHeap())
			if limit := debug.SetMemoryLimit(-1); 4*live >= 3*limit {
				next := 3 * live
				if ceiling > 0 {
					next = min(next, ceiling)
				}
				if next > limit {
					debug.SetMemoryLimit(next)
				}
			}
			arm()
		}, struct{}{})
	}
	arm()
}

// headroomWatch numbers keepHeadroom's watches; only the latest acts.
var headroomWatch atomic.Int64

// headroomCeiling is how far keepHeadroom may raise the limit: three
// quarters of the control group's limit, none without one.
func headroomCeiling(groupLimit int64) int64 {
	if groupLimit <= 0 {
		return 0
	}
	return groupLimit / 4 * 3
}

// whenLiveHeapReaches calls f once, after the first collection that finds
// at least n bytes of heap live. A cleanup on an object nothing
// references runs after the cycle that finds it unreachable; each one
// checks the live heap and, below n, arms the next. The object holds a
// pointer, so the allocator's tiny blocks (whose cleanups may never run)
// do not take it.
func whenLiveHeapReaches(n uint64, f func()) {
	type sentinel struct{ p *int }
	var arm func()
	arm = func() {
		runtime.AddCleanup(&sentinel{p: new(int)}, func(struct{}) {
			if liveHeap() >= n {
				f()
				return
			}
			arm()
		}, struct{}{})
	}
	arm()
}

// liveHeap is the heap the last collection found live, in bytes.
func liveHeap() uint64 {
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	if s[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return s[0].Value.Uint64()
}

// groupMemoryLimit is the memory limit in bytes of the control group this
// process belongs to, read from root (the file system at "/"): cgroup v2's
// memory.max, else cgroup v1's memory.limit_in_bytes, each looked up at the
// group's path in /proc/self/cgroup and, inside a container whose cgroup
// namespace hides that path, at the mount's top. 0 when there is none or
// it cannot be read: the limit is a safeguard, not a requirement.
func groupMemoryLimit(root fs.FS) int64 {
	data, err := fs.ReadFile(root, "proc/self/cgroup")
	if err != nil {
		return 0
	}
	var limit int64
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		// hierarchy-ID:controller-list:path
		fields := strings.SplitN(sc.Text(), ":", 3)
		if len(fields) != 3 {
			continue
		}
		var mount, file string
		switch {
		case fields[0] == "0" && fields[1] == "":
			mount, file = "sys/fs/cgroup", "memory.max"
		case hasController(fields[1], "memory"):
			mount, file = "sys/fs/cgroup/memory", "memory.limit_in_bytes"
		default:
			continue
		}
		if l := readGroupLimit(root, mount, fields[2], file); l > 0 && (limit == 0 || l < limit) {
			limit = l
		}
	}
	return limit
}

// hasController says whether a /proc/self/cgroup controller list names c.
func hasController(list, c string) bool {
	for _, name := range strings.Split(list, ",") {
		if name == c {
			return true
		}
	}
	return false
}

// readGroupLimit reads a group's limit file at its path under mount, or
// at the mount's top when the path is not there; 0 when neither holds a
// limit ("max", cgroup v1's near-2^63 "unlimited", or no file).
func readGroupLimit(root fs.FS, mount, group, file string) int64 {
	for _, dir := range []string{path.Join(mount, group), mount} {
		data, err := fs.ReadFile(root, path.Join(dir, file))
		if err != nil {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
		if err != nil || n <= 0 || n >= 1<<62 {
			return 0
		}
		return n
	}
	return 0
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
