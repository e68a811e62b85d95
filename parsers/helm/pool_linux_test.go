package helm

import (
	"context"
	"syscall"
	"testing"
	"time"
)

// killProcess sends SIGKILL to pid.
func killProcess(t *testing.T, pid int) {
	t.Helper()
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
}

// TestPoolCloseLeavesNoWorker: after Close returns, no worker of the pool
// runs, idle or rendering.
func TestPoolCloseLeavesNoWorker(t *testing.T) {
	p := testPool(t, child(time.Minute), 2)
	go func() { _, _ = p.Render(context.Background(), Request{Chart: "spin", Files: spinChart()}) }()
	waitFor(t, "the first worker to start", func() bool { return len(p.pids()) == 1 })
	if _, err := p.Render(context.Background(), Request{Chart: "plain", Files: plainChart()}); err != nil {
		t.Fatal(err)
	}
	var pids []int
	waitFor(t, "both workers to start", func() bool {
		pids = p.pids()
		return len(pids) == 2
	})
	runBounded(t, func() error { return p.Close() })
	for _, pid := range pids {
		if alive(pid) {
			t.Errorf("worker %d runs after Close", pid)
			_ = syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}
