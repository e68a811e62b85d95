package helm

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestChildMemoryBoundHolds: a child that hoards memory dies with at most
// the limit more resident memory than a child that renders a plain chart,
// give or take the runtime's metadata (an eighth of the limit; an
// address-space bound padded by twice the limit let it reach double).
func TestChildMemoryBoundHolds(t *testing.T) {
	c := child(20 * time.Second)
	c.MemoryLimit = 128 << 20
	peak := func(template string) (int64, error) {
		files := []File{
			{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: probe\nversion: 0.1.0\n")},
			{Name: "templates/cm.yaml", Data: []byte(template)},
		}
		body, err := encodeRequest(wireRequest{Request: Request{Chart: "probe", Files: files}})
		if err != nil {
			t.Fatal(err)
		}
		type ended struct {
			o   outcome
			err error
		}
		e := runBounded(t, func() ended {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			w, err := c.startWorker()
			if err != nil {
				return ended{err: err}
			}
			_, _, alive, err := w.render(context.Background(), body, 0)
			if !alive {
				return ended{o: outcome{state: w.cmd.ProcessState}, err: err}
			}
			return ended{o: w.close(), err: err}
		})
		if e.o.state == nil {
			t.Fatalf("the worker did not start: %v", e.err)
		}
		return e.o.state.SysUsage().(*syscall.Rusage).Maxrss << 10, e.err
	}
	fresh, err := peak(plainTemplate)
	if err != nil {
		t.Fatalf("plain chart: %v", err)
	}
	hoard, err := peak(hoardTemplate)
	if err == nil {
		t.Fatal("the hoarding chart rendered")
	}
	t.Logf("peak RSS: plain chart %d MiB, hoarding chart %d MiB, limit %d MiB", fresh>>20, hoard>>20, c.MemoryLimit>>20)
	if hoard > fresh+c.MemoryLimit+c.MemoryLimit/8 {
		t.Errorf("the hoarding child reached %d MiB, more than %d MiB (plain) + %d MiB (limit) + an eighth", hoard>>20, fresh>>20, c.MemoryLimit>>20)
	}
}

// TestChildDiesWithParent kills a faultline-like parent (this test binary
// as the "parent" or "pool-parent" helper) while its child renders a
// chart that never ends: the child must go too.
func TestChildDiesWithParent(t *testing.T) {
	for _, mode := range []string{"parent", "pool-parent"} {
		t.Run(mode, func(t *testing.T) { dieWithParent(t, mode) })
	}
}

func dieWithParent(t *testing.T, mode string) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	parent := exec.Command(exe, "-test.run=^$")
	parent.Env = append(withoutHelper(os.Environ()), testHelperEnv+"="+mode)
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = parent.Process.Kill(); _ = parent.Wait() }()
	var kid int
	waitFor(t, "the parent's child to start", func() bool {
		kid = childOf(parent.Process.Pid)
		return kid > 0
	})
	// The child is killed here whatever happens, so that a failure does
	// not leave it spinning.
	defer func() {
		if alive(kid) {
			_ = syscall.Kill(kid, syscall.SIGKILL)
		}
	}()
	if err := parent.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = parent.Wait()
	waitFor(t, "the child to die with its parent", func() bool { return !alive(kid) })
}

// waitFor polls cond for up to 30 s (a bound on a hang, not a timing
// assertion).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for end := time.Now().Add(30 * time.Second); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
		if cond() {
			return
		}
	}
	t.Fatalf("waited 30s for %s", what)
}

// childOf is a process whose parent is ppid, or 0.
func childOf(ppid int) int {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, p := range stats {
		if f := statFields(p); len(f) > 1 && f[1] == strconv.Itoa(ppid) {
			pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(p)))
			return pid
		}
	}
	return 0
}

// alive says whether pid is a process that has not ended (a zombie has).
func alive(pid int) bool {
	f := statFields("/proc/" + strconv.Itoa(pid) + "/stat")
	return len(f) > 0 && f[0] != "Z" && f[0] != "X"
}

// workerTicks is the user CPU, in clock ticks, the pool's live workers
// have spent.
func workerTicks(p *Pool) int {
	n := 0
	for _, pid := range p.pids() {
		if f := statFields(fmt.Sprintf("/proc/%d/stat", pid)); len(f) > 11 {
			v, _ := strconv.Atoi(f[11]) // utime, field 14 of stat
			n += v
		}
	}
	return n
}

// statFields are the fields of a /proc/<pid>/stat after the command name:
// state, ppid, ….
func statFields(path string) []string {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return nil
	}
	return strings.Fields(string(b[i+1:]))
}
