package main

import (
	"runtime"
	"runtime/debug"
	"testing"
	"testing/fstest"
	"time"
)

func TestGCSettingsYieldToTheEnvironment(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	for _, c := range []struct {
		vars map[string]string
		want gcSettings
	}{
		{nil, gcSettings{SetPercent: true, Percent: gcOff, Limit: defaultMemoryLimit}},
		{map[string]string{"GOGC": "100"}, gcSettings{SetPercent: false, Percent: gcOff, Limit: defaultMemoryLimit}},
		// A limit from the environment (perhaps "off") must not leave the
		// collector off as well.
		{map[string]string{"GOMEMLIMIT": "off"}, gcSettings{SetPercent: true, Percent: limitedGCPercent, Limit: -1}},
		{map[string]string{"GOGC": "50", "GOMEMLIMIT": "1GiB"}, gcSettings{SetPercent: false, Percent: limitedGCPercent, Limit: -1}},
	} {
		if got := gcSettingsFor(env(c.vars), 0); got != c.want {
			t.Errorf("%v: %+v; want %+v", c.vars, got, c.want)
		}
	}
}

func TestMemoryLimitWithinTheControlGroup(t *testing.T) {
	for _, c := range []struct{ group, want int64 }{
		{0, defaultMemoryLimit},
		{4 << 30, defaultMemoryLimit},
		{640 << 20, defaultMemoryLimit},
		{512 << 20, 256 << 20},
		{96 << 20, minMemoryLimit},
	} {
		if got := memoryLimitWithin(c.group); got != c.want {
			t.Errorf("group limit %d MiB: %d MiB, want %d MiB", c.group>>20, got>>20, c.want>>20)
		}
	}
}

func TestGroupMemoryLimit(t *testing.T) {
	file := func(s string) *fstest.MapFile { return &fstest.MapFile{Data: []byte(s)} }
	for _, c := range []struct {
		name string
		fs   fstest.MapFS
		want int64
	}{
		{"no /proc", fstest.MapFS{}, 0},
		{"cgroup v2 at the group's path", fstest.MapFS{
			"proc/self/cgroup":                file("0::/ci/job\n"),
			"sys/fs/cgroup/ci/job/memory.max": file("536870912\n"),
			"sys/fs/cgroup/memory.max":        file("max\n"),
		}, 512 << 20},
		{"cgroup v2 in a namespace: the mount's top", fstest.MapFS{
			"proc/self/cgroup":         file("0::/\n"),
			"sys/fs/cgroup/memory.max": file("268435456\n"),
		}, 256 << 20},
		{"cgroup v2 unlimited", fstest.MapFS{
			"proc/self/cgroup":         file("0::/\n"),
			"sys/fs/cgroup/memory.max": file("max\n"),
		}, 0},
		{"cgroup v1 memory controller", fstest.MapFS{
			"proc/self/cgroup": file("9:pids:/\n4:memory:/runner/abc\n1:cpu,cpuacct:/\n0::/\n"),
			"sys/fs/cgroup/memory/runner/abc/memory.limit_in_bytes": file("1073741824\n"),
		}, 1 << 30},
		{"cgroup v1 unlimited", fstest.MapFS{
			"proc/self/cgroup":                           file("4:memory:/\n"),
			"sys/fs/cgroup/memory/memory.limit_in_bytes": file("9223372036854771712\n"),
		}, 0},
		{"v1 and v2 both limited: the lower", fstest.MapFS{
			"proc/self/cgroup": file("4:memory:/a\n0::/b\n"),
			"sys/fs/cgroup/memory/a/memory.limit_in_bytes": file("2147483648\n"),
			"sys/fs/cgroup/b/memory.max":                   file("1073741824\n"),
		}, 1 << 30},
		{"a controller list naming memory among others", fstest.MapFS{
			"proc/self/cgroup": file("4:cpu,memory:/x\n"),
			"sys/fs/cgroup/memory/x/memory.limit_in_bytes": file("1073741824\n"),
		}, 1 << 30},
		{"a controller whose name contains memory is not memory", fstest.MapFS{
			"proc/self/cgroup": file("4:memory_pressure:/x\n"),
			"sys/fs/cgroup/memory/x/memory.limit_in_bytes": file("1073741824\n"),
		}, 0},
		{"garbage", fstest.MapFS{
			"proc/self/cgroup":         file("0::/\n"),
			"sys/fs/cgroup/memory.max": file("lots\n"),
		}, 0},
	} {
		if got := groupMemoryLimit(c.fs); got != c.want {
			t.Errorf("%s: %d, want %d", c.name, got, c.want)
		}
	}
}

func TestMemoryLimitGrowsWithThePlan(t *testing.T) {
	for _, c := range []struct{ limit, size, want int64 }{
		{defaultMemoryLimit, 0, defaultMemoryLimit},
		{defaultMemoryLimit, 100 << 20, defaultMemoryLimit + planMemoryFactor*(100<<20)},
		{-1, 100 << 20, -1}, // GOMEMLIMIT decides
	} {
		if got := memoryLimitFor(c.limit, c.size); got != c.want {
			t.Errorf("memoryLimitFor(%d, %d) = %d, want %d", c.limit, c.size, got, c.want)
		}
	}
	// The margin above a plan's live heap (up to 7 times its size) grows
	// with the plan, so the collector runs a bounded number of times per
	// byte allocated.
	for _, size := range []int64{10 << 20, 100 << 20, 500 << 20} {
		if margin := memoryLimitFor(defaultMemoryLimit, size) - 7*size; margin < 3*size {
			t.Errorf("plan of %d MiB: %d MiB above its live heap", size>>20, margin>>20)
		}
	}
}

// TestTuneGCAppliesTheSettings: tuneGC really sets this process's
// collector (the settings are read back and restored).
func TestTuneGCAppliesTheSettings(t *testing.T) {
	fsys := fstest.MapFS{
		"proc/self/cgroup":         &fstest.MapFile{Data: []byte("0::/\n")},
		"sys/fs/cgroup/memory.max": &fstest.MapFile{Data: []byte("268435456\n")},
	}
	prevLimit := debug.SetMemoryLimit(-1)
	prevPercent := debug.SetGCPercent(100)
	defer func() {
		debug.SetMemoryLimit(prevLimit)
		debug.SetGCPercent(prevPercent)
	}()
	steady := make(chan struct{})
	got := tuneGC(func(string) string { return "" }, fsys, func() { close(steady) })
	if got.Limit != 128<<20 {
		t.Errorf("tuneGC set %d MiB, want 128", got.Limit>>20)
	}
	if want := "soft memory limit 128 MiB (half the control group's 256 MiB), collected only near the limit (GOGC=off) until a third of it is live"; got.String() != want {
		t.Errorf("tuneGC says %q, want %q", got, want)
	}
	if got := debug.SetMemoryLimit(-1); got != 128<<20 {
		t.Errorf("memory limit %d MiB, want 128", got>>20)
	}
	if got := debug.SetGCPercent(-1); got != gcOff {
		t.Errorf("GC percent %d, want off", got)
	}
	// A collection finding a third of the limit (128 MiB) live turns
	// collection on heap growth back on.
	live := make([][]byte, 0, 48)
	for range cap(live) {
		live = append(live, make([]byte, 1<<20))
	}
	runtime.GC()
	select {
	case <-steady:
	case <-time.After(time.Minute):
		t.Fatal("48 MiB live after a collection, and collection on heap growth still off")
	}
	runtime.KeepAlive(live)
	if got := debug.SetGCPercent(-1); got != limitedGCPercent {
		t.Errorf("GC percent %d after a large live heap, want %d", got, limitedGCPercent)
	}
	// GOGC in the environment: the percent is left alone.
	debug.SetGCPercent(77)
	tuneGC(func(k string) string { return map[string]string{"GOGC": "77"}[k] }, fstest.MapFS{}, func() { t.Error("GOGC=77 replaced") })
	runtime.GC()
	if got := debug.SetGCPercent(100); got != 77 {
		t.Errorf("GC percent %d, want the environment's 77", got)
	}
}

// --verbose says where each setting comes from.
func TestGCSettingsSayWhatTheyAre(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	for _, c := range []struct {
		vars  map[string]string
		group int64
		want  string
	}{
		{nil, 0, "soft memory limit 320 MiB, collected only near the limit (GOGC=off) until a third of it is live"},
		{nil, 1 << 30, "soft memory limit 320 MiB, collected only near the limit (GOGC=off) until a third of it is live"},
		{map[string]string{"GOGC": "100"}, 0, "soft memory limit 320 MiB, GOGC from the environment"},
		{map[string]string{"GOMEMLIMIT": "1GiB"}, 0, "soft memory limit from the environment (GOMEMLIMIT), GOGC=200"},
	} {
		if got := gcSettingsFor(env(c.vars), c.group).String(); got != c.want {
			t.Errorf("%v, group %d MiB: %q, want %q", c.vars, c.group>>20, got, c.want)
		}
	}
}

// TestKeepHeadroom: a collection that finds the live heap at three
// quarters of the soft limit raises the limit to three times the live
// heap, never above the ceiling.
func TestKeepHeadroom(t *testing.T) {
	prevLimit := debug.SetMemoryLimit(64 << 20)
	defer debug.SetMemoryLimit(prevLimit)
	ceiling := int64(200 << 20)
	keepHeadroom(ceiling)
	live := make([][]byte, 0, 56)
	for range cap(live) {
		live = append(live, make([]byte, 1<<20))
	}
	deadline := time.Now().Add(time.Minute)
	for debug.SetMemoryLimit(-1) == 64<<20 && time.Now().Before(deadline) {
		runtime.GC()
		time.Sleep(10 * time.Millisecond)
	}
	runtime.KeepAlive(live)
	// The collection that raises it may run while the slices are still
	// being made: it finds at least three quarters of the limit (48 MiB)
	// live, so the limit is at least three times that.
	got := debug.SetMemoryLimit(-1)
	if got < 3*48<<20 || got > ceiling {
		t.Errorf("limit %d MiB after up to 56 MiB live at a 64 MiB limit, want three times the live heap found (at least 144 MiB), at most %d MiB", got>>20, ceiling>>20)
	}
}
