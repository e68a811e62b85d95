package main

import "testing"

func TestGCSettingsYieldToTheEnvironment(t *testing.T) {
	env := func(vars map[string]string) func(string) string {
		return func(k string) string { return vars[k] }
	}
	for _, c := range []struct {
		vars    map[string]string
		percent int
		limit   int64
	}{
		{nil, defaultGCPercent, defaultMemoryLimit},
		{map[string]string{"GOGC": "off"}, -1, defaultMemoryLimit},
		{map[string]string{"GOMEMLIMIT": "2GiB"}, defaultGCPercent, -1},
		{map[string]string{"GOGC": "50", "GOMEMLIMIT": "1GiB"}, -1, -1},
	} {
		p, l := gcSettings(env(c.vars))
		if p != c.percent || l != c.limit {
			t.Errorf("%v: %d, %d; want %d, %d", c.vars, p, l, c.percent, c.limit)
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
