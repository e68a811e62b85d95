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
