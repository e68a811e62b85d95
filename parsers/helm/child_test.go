package helm

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/internal/version"
)

// testHelperEnv makes this test binary a helper process instead of a test
// run: "block" sleeps (a child that uses no CPU and never replies),
// "parent" and "pool-parent" render a chart that never ends through a
// Child or a Pool of their own (a faultline whose child should die with
// it).
const testHelperEnv = "FAULTLINE_HELM_TEST_HELPER"

// init runs the helper modes before TestMain, so that TestMain stays the
// child renderer's entry point.
func init() {
	switch os.Getenv(testHelperEnv) {
	case "block":
		time.Sleep(time.Hour)
		os.Exit(4)
	case "parent", "pool-parent":
		c := child(time.Minute)
		c.Env = withoutHelper(c.Env)
		var r Renderer = c
		if os.Getenv(testHelperEnv) == "pool-parent" {
			// A pool's worker runs on a goroutine of its own: it must die
			// with this process as well as Child's.
			r = &Pool{Child: c, Workers: 1}
		}
		_, err := r.Render(context.Background(), Request{Chart: "spin", Files: spinChart()})
		fmt.Fprintln(os.Stderr, "the spinning chart ended:", err)
		os.Exit(4)
	}
}

// withoutHelper drops testHelperEnv from env, so that a child serves.
func withoutHelper(env []string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, testHelperEnv+"=") {
			out = append(out, kv)
		}
	}
	return out
}

// Hostile templates, written for these tests.
const (
	// hoardTemplate keeps a million-byte string per iteration: gigabytes.
	hoardTemplate = `{{- $kept := list }}{{- range until 4000 }}{{- $kept = append $kept (printf "%s%d" ("m" | repeat 1000000) .) }}{{- end }}
apiVersion: v1
kind: ConfigMap
metadata:
  name: hoard
data:
  kept: "{{ len $kept }}"
`
	// bigStringTemplate asks for two gigabytes at once.
	bigStringTemplate = `apiVersion: v1
kind: ConfigMap
metadata:
  name: big
data:
  size: "{{ "b" | repeat 2000000000 | len }}"
`
	// churnTemplate keeps 48 MB and throws away 1.5 GB: within a 128 MiB
	// limit when the collector works to stay under it.
	churnTemplate = `{{- $kept := list }}{{- range until 48 }}{{- $kept = append $kept (printf "%s%d" ("k" | repeat 1000000) .) }}{{- end }}
{{- range until 1500 }}{{- $gone := printf "%s%d" ("g" | repeat 1000000) . }}{{- end }}
apiVersion: v1
kind: ConfigMap
metadata:
  name: churn
data:
  kept: "{{ len $kept }}"
`
	// holdTemplate keeps 48 MB and throws little away: a rendering whose
	// memory is what it holds, not what the collector has yet to free.
	holdTemplate = `{{- $kept := list }}{{- range until 48 }}{{- $kept = append $kept (printf "%s%d" ("k" | repeat 1000000) .) }}{{- end }}
apiVersion: v1
kind: ConfigMap
metadata:
  name: hold
data:
  kept: "{{ len $kept }}"
`
	// spinTemplate loops ten billion times without allocating much.
	spinTemplate = `apiVersion: v1
kind: ConfigMap
metadata:
  name: spin
data:
  {{- range $i := until 100000 }}{{- range $j := until 100000 }}{{- end }}{{- end }}
  done: "never"
`
	plainTemplate = `apiVersion: v1
kind: ConfigMap
metadata:
  name: plain
data:
  fine: "yes"
`
)

// writeChart writes a chart named name with one template under root/charts.
func writeChart(t *testing.T, root, name, template string) {
	t.Helper()
	dir := filepath.Join(root, "charts", name)
	write(t, filepath.Join(dir, "Chart.yaml"), "apiVersion: v2\nname: "+name+"\nversion: 0.1.0\n")
	write(t, filepath.Join(dir, "templates", "cm.yaml"), template)
}

// spinChart is a chart whose rendering never ends, as request files.
func spinChart() []File {
	return []File{
		{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: spin\nversion: 0.1.0\n")},
		{Name: "templates/cm.yaml", Data: []byte(spinTemplate)},
	}
}

// renderTree renders every chart of a tree with c and returns the FL000
// summaries by chart directory and the charts that rendered.
func renderTree(t *testing.T, root string, c Child) (map[string]string, map[string]bool) {
	t.Helper()
	opts := options(root, nil)
	opts.Renderer = c
	out := runBounded(t, func() Output {
		return Render(context.Background(), FindCharts(yamlFiles(t, root)), nil, opts)
	})
	stopped := map[string]string{}
	for _, d := range out.Diagnostics {
		stopped[filepath.Dir(d.Range.File)] = d.Summary
	}
	rendered := map[string]bool{}
	for _, r := range out.Rendered {
		rendered[filepath.Base(r.Chart)] = true
	}
	return stopped, rendered
}

// runBounded runs f, failing the test if it has not returned in two
// minutes (a bound on a hang, not a timing assertion).
func runBounded[T any](t *testing.T, f func() T) T {
	t.Helper()
	done := make(chan T, 1)
	go func() { done <- f() }()
	select {
	case v := <-done:
		return v
	case <-time.After(2 * time.Minute):
		t.Fatal("rendering did not end")
		panic("unreachable")
	}
}

func TestChildMemoryLimit(t *testing.T) {
	root := t.TempDir()
	writeChart(t, root, "hoard", hoardTemplate)
	writeChart(t, root, "big", bigStringTemplate)
	writeChart(t, root, "churn", churnTemplate)
	writeChart(t, root, "plain", plainTemplate)
	c := child(20 * time.Second)
	c.MemoryLimit = 128 << 20
	stopped, rendered := renderTree(t, root, c)
	want := "chart rendering stopped: it exceeds the 128 MiB memory limit"
	for _, name := range []string{"hoard", "big"} {
		if got := stopped["charts/"+name]; got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	for _, name := range []string{"churn", "plain"} {
		if !rendered[name] || stopped["charts/"+name] != "" {
			t.Errorf("%s not rendered: %q", name, stopped["charts/"+name])
		}
	}
	if len(stopped) != 2 {
		t.Errorf("stopped = %v, want hoard and big", stopped)
	}
}

func TestChildCPULimit(t *testing.T) {
	root := t.TempDir()
	writeChart(t, root, "spin", spinTemplate)
	writeChart(t, root, "plain", plainTemplate)
	stopped, rendered := renderTree(t, root, child(time.Second))
	if got, want := stopped["charts/spin"], "chart rendering stopped: it used more than 1s of CPU time"; got != want {
		t.Errorf("spin: %q, want %q", got, want)
	}
	if !rendered["plain"] || len(stopped) != 1 {
		t.Errorf("stopped %v, rendered %v: want only spin stopped", stopped, rendered)
	}
}

// TestChildCPULimitUnderLoad renders the spinning chart eight times at
// once: every one ends the same way, however the CPUs are shared.
func TestChildCPULimitUnderLoad(t *testing.T) {
	c := child(time.Second)
	reasons := runBounded(t, func() []string {
		out := make([]string, 8)
		var wg sync.WaitGroup
		for i := range out {
			wg.Go(func() {
				_, err := c.Render(context.Background(), Request{Chart: "spin", Files: spinChart()})
				out[i] = fmt.Sprint(err)
			})
		}
		wg.Wait()
		return out
	})
	for i, r := range reasons {
		if r != "chart rendering stopped: it used more than 1s of CPU time" {
			t.Errorf("rendering %d: %s", i, r)
		}
	}
}

// TestChildWallClockBackstop: a child that uses no CPU and never replies
// is stopped by the wall-clock backstop.
func TestChildWallClockBackstop(t *testing.T) {
	c := child(20 * time.Second)
	c.Env = append(c.Env, testHelperEnv+"=block")
	c.Timeout = time.Second
	err := runBounded(t, func() error {
		_, err := c.Render(context.Background(), Request{Chart: "spin", Files: spinChart()})
		return err
	})
	var se *StoppedError
	if !errors.As(err, &se) || se.Reason != "it did not finish within 1s of wall-clock time" || !se.WallClock {
		t.Errorf("error = %#v", err)
	}
}

// TestStoppedWallClock: only a rendering the wall-clock backstop stopped
// says so; the bounds that do not depend on the machine's load, a
// cancelled request and a crash do not.
func TestStoppedWallClock(t *testing.T) {
	b := Child{}.bounds()
	for _, tc := range []struct {
		name string
		o    outcome
		want bool
	}{
		{"wall-clock backstop", outcome{ctxErr: context.DeadlineExceeded}, true},
		{"cancelled", outcome{ctxErr: context.Canceled}, false},
		{"output", outcome{tooBig: true, ctxErr: context.DeadlineExceeded}, false},
		{"crash", outcome{waitErr: errors.New("signal: killed")}, false},
		{"no reply", outcome{}, false},
	} {
		if got := b.stopped(tc.o); got.WallClock != tc.want {
			t.Errorf("%s: %#v, want WallClock %v", tc.name, got, tc.want)
		}
	}
}

func TestParseLimits(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Limits
		ok   bool
	}{
		{"", Limits{}, true},
		{`{"memory":1048576,"cpuSeconds":3}`, Limits{Memory: 1 << 20, CPUSeconds: 3}, true},
		{`{"memory":-1}`, Limits{}, false},
		{`memory=1`, Limits{}, false},
	} {
		got, err := ParseLimits(tc.in)
		if got != tc.want || (err == nil) != tc.ok {
			t.Errorf("ParseLimits(%q) = %+v, %v", tc.in, got, err)
		}
	}
}

func TestChildBounds(t *testing.T) {
	for _, tc := range []struct {
		c    Child
		want bounds
	}{
		{Child{}, bounds{cpu: DefaultCPULimit, wall: DefaultTimeout, output: DefaultMaxOutput, memory: DefaultMemoryLimit}},
		{Child{CPULimit: 1500 * time.Millisecond, Timeout: time.Second, MaxOutput: 10, MemoryLimit: 20},
			bounds{cpu: 2 * time.Second, wall: time.Second, output: 10, memory: 20}},
		{Child{CPULimit: time.Minute}, bounds{cpu: time.Minute, wall: 30 * time.Minute, output: DefaultMaxOutput, memory: DefaultMemoryLimit}},
	} {
		if got := tc.c.bounds(); got != tc.want {
			t.Errorf("%+v: bounds %+v, want %+v", tc.c, got, tc.want)
		}
	}
}

// TestCrashedNearMemoryLimit: a runtime crash (a fatal error, or a signal
// the runtime reports) at the memory limit is the memory limit; the same
// crash far below it, or a chart's own error, is not.
func TestCrashedNearMemoryLimit(t *testing.T) {
	const limit = 128 << 20
	segv := "SIGSEGV: segmentation violation\nPC=0x4a2b3c m=3 sigcode=1\n"
	for _, c := range []struct {
		stderr string
		peak   int64
		want   bool
	}{
		{segv, limit + 9<<20, true},
		{"fatal error: unexpected signal during runtime execution\n", limit, true},
		{segv, 40 << 20, false},
		{"Error: template: x.yaml:3: function \"nope\" not defined\n", limit + 9<<20, false},
		{"", limit, false},
	} {
		if got := crashedNear(c.stderr, c.peak, limit); got != c.want {
			t.Errorf("crashedNear(%q, %d MiB) = %v, want %v", c.stderr, c.peak>>20, got, c.want)
		}
	}
}

// TestThreadStarvedIsTheMemoryLimit: a worker that could not start a
// thread for want of resources (its stacks are data mappings under
// RLIMIT_DATA) stopped at its memory limit; other failures did not.
func TestThreadStarvedIsTheMemoryLimit(t *testing.T) {
	for stderr, want := range map[string]bool{
		"runtime/cgo: pthread_create failed: Resource temporarily unavailable\nSIGABRT: abort\n":       true,
		"runtime: failed to create new OS thread (have 7 already; errno=11)\nfatal error: newosproc\n": true,
		"runtime/cgo: pthread_create failed: Invalid argument\n":                                       false,
		"runtime: failed to create new OS thread (have 7 already; errno=22)\n":                         false,
		"panic: something else\n": false,
	} {
		if got := threadStarved(stderr); got != want {
			t.Errorf("threadStarved(%q) = %v, want %v", stderr, got, want)
		}
	}
}

// A renderer started by a parent of another protocol version refuses to
// serve, and every rendering fails saying so, with the release of each
// side.
func TestChildRefusesAnotherProtocol(t *testing.T) {
	c := child(20 * time.Second)
	c.Env = append(c.Env, ProtocolEnv+"=0", VersionEnv+"=v9.9.9") // the last value wins
	_, err := c.Render(context.Background(), Request{Chart: "charts/x", Files: []File{{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: x\nversion: 0.1.0\n")}}})
	var se *StoppedError
	if !errors.As(err, &se) {
		t.Fatalf("error %v, want a StoppedError", err)
	}
	for _, want := range []string{`faultline v9.9.9 speaks render protocol "0"`, "this faultline-render " + version.Get().Version + ` speaks "` + protocolVersion + `"`, "same version"} {
		if !strings.Contains(se.Reason, want) {
			t.Errorf("reason %q lacks %q", se.Reason, want)
		}
	}
	if err := checkProtocol(protocolVersion, "v9.9.9"); err != nil {
		t.Errorf("the same protocol refused: %v", err)
	}
}

// The refusal names both releases; a parent too old to send its version
// is said to be of an unknown one.
func TestCheckProtocolNamesBothVersions(t *testing.T) {
	defer func(v string) { version.Version = v }(version.Version)
	version.Version = "v0.1.0"
	err := checkProtocol("0", "v0.2.0") // no release spoke protocol 0
	want := `faultline v0.2.0 speaks render protocol "0" and this faultline-render v0.1.0 speaks "` + protocolVersion + `": install faultline and faultline-render from the same version`
	if err == nil || err.Error() != want {
		t.Errorf("got  %v\nwant %s", err, want)
	}
	if err := checkProtocol("", ""); err == nil || !strings.Contains(err.Error(), "faultline of an unknown version speaks render protocol \"\"") {
		t.Errorf("no parent version: %v", err)
	}
}

// TestSoftLimitLeavesRoomBelowTheBound: the collector aims a quarter and
// 16 MiB below the kernel's bound (what the kernel charges beyond Go's
// own count), never below half of it.
func TestSoftLimitLeavesRoomBelowTheBound(t *testing.T) {
	for _, tc := range []struct{ limit, want int64 }{
		{128 << 20, 80 << 20},
		{DefaultMemoryLimit, 368 << 20},
		{32 << 20, 16 << 20},
	} {
		if got := softLimit(tc.limit); got != tc.want {
			t.Errorf("softLimit(%d MiB) = %d MiB, want %d MiB", tc.limit>>20, got>>20, tc.want>>20)
		}
	}
}

// A renderer's collector runs at childGC's pace, unless faultline's
// environment sets GOGC, which the renderer then inherits.
func TestNewChildGC(t *testing.T) {
	gogc := func(env []string) []string {
		var out []string
		for _, e := range env {
			if strings.HasPrefix(e, "GOGC=") {
				out = append(out, e)
			}
		}
		return out
	}
	t.Setenv("GOGC", "")
	os.Unsetenv("GOGC")
	if got := gogc(NewChild("faultline-render").Env); len(got) != 1 || got[0] != childGC {
		t.Errorf("GOGC unset: the child gets %q", got)
	}
	t.Setenv("GOGC", "50")
	if got := gogc(NewChild("faultline-render").Env); len(got) != 1 || got[0] != "GOGC=50" {
		t.Errorf("GOGC=50: the child gets %q", got)
	}
}
