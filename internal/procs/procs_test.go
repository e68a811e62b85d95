package procs

import (
	"sync/atomic"
	"testing"
)

// Every index runs exactly once, however many there are against the cores.
func TestParallelRunsEachIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 7, 1000} {
		counts := make([]atomic.Int32, n)
		Parallel(n, func(i int) { counts[i].Add(1) })
		for i := range counts {
			if c := counts[i].Load(); c != 1 {
				t.Fatalf("n=%d: index %d ran %d times", n, i, c)
			}
		}
	}
}

// The CPU time measured grows with work done (where the system says).
func TestCPUGrows(t *testing.T) {
	c0, ok := CPU()
	if !ok {
		t.Skip("CPU time is not measured on this system")
	}
	x := 0
	for i := range 50_000_000 {
		x += i % 7
	}
	c1, _ := CPU()
	if c1 <= c0 || x == 0 {
		t.Errorf("CPU time %v → %v after work", c0, c1)
	}
}
