package helm

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/parsers/helm/chartrender"
)

// testPool is a Pool of this test binary's workers with c's bounds.
func testPool(t *testing.T, c Child, workers int) *Pool {
	t.Helper()
	p := &Pool{Child: c, Workers: workers}
	t.Cleanup(func() { _ = p.Close() })
	return p
}

// summary is what a test compares of a rendering: each rendered file by
// name with its content and display path, and every problem.
func summary(out Output) []string {
	var s []string
	for _, r := range out.Rendered {
		s = append(s, fmt.Sprintf("%s %s %s\n%s", r.Name, r.File, r.Inferred, r.Content))
	}
	for _, d := range out.Diagnostics {
		s = append(s, fmt.Sprintf("diagnostic %s: %s: %s", d.Range, d.Summary, d.Detail))
	}
	for _, n := range out.Notes {
		s = append(s, fmt.Sprintf("note %s: %s", n.Range, n.What))
	}
	return s
}

// TestPoolMatchesInProcess: the release fixture and sixty generated
// charts render through a pool of two workers exactly as in process.
func TestPoolMatchesInProcess(t *testing.T) {
	root := fixture(t, "releases")
	writeBenchCharts(t, root, benchCharts)
	opts := options(root, nil)
	rels, _, _ := findReleases(t, root, opts)
	charts := FindCharts(yamlFiles(t, root))
	opts.Renderer = chartrender.InProcess{}
	want := Render(context.Background(), charts, rels, opts)
	opts.Renderer = testPool(t, child(20*time.Second), 2)
	got := runBounded(t, func() Output { return Render(context.Background(), charts, rels, opts) })
	if len(want.Rendered) < 3*benchCharts {
		t.Fatalf("in process: %d rendered", len(want.Rendered))
	}
	if w, g := summary(want), summary(got); !reflect.DeepEqual(w, g) {
		t.Errorf("pool and in-process renderings differ:\n%s\n---\n%s", strings.Join(g, "\n"), strings.Join(w, "\n"))
	}
}

// outputTemplate renders four megabytes: more than a 1 MiB output bound.
const outputTemplate = `apiVersion: v1
kind: ConfigMap
metadata:
  name: output
data:
  big: "{{ "o" | repeat 4000000 }}"
`

// TestPoolHostileCharts renders, in one run on two workers, a chart that
// loops, two that exhaust memory, one whose output passes its bound and
// plain charts: each hostile chart ends in its own StoppedError, every
// plain chart renders.
func TestPoolHostileCharts(t *testing.T) {
	root := t.TempDir()
	hostile := map[string]string{
		"spin":   "chart rendering stopped: it used more than 1s of CPU time",
		"hoard":  "chart rendering stopped: it exceeds the 128 MiB memory limit",
		"big":    "chart rendering stopped: it exceeds the 128 MiB memory limit",
		"output": "chart rendering stopped: its output exceeds 1 MiB",
	}
	templates := map[string]string{"spin": spinTemplate, "hoard": hoardTemplate, "big": bigStringTemplate, "output": outputTemplate}
	for name, tmpl := range templates {
		writeChart(t, root, name, tmpl)
	}
	var plain []string
	for i := range 6 {
		name := fmt.Sprintf("plain%d", i)
		writeChart(t, root, name, strings.Replace(plainTemplate, "name: plain", "name: "+name, 1))
		plain = append(plain, name)
	}
	c := child(time.Second)
	c.MemoryLimit, c.MaxOutput = 128<<20, 1<<20
	p := testPool(t, c, 2)
	opts := options(root, nil)
	opts.Renderer = p
	out := runBounded(t, func() Output { return Render(context.Background(), FindCharts(yamlFiles(t, root)), nil, opts) })
	stopped := map[string]string{}
	for _, d := range out.Diagnostics {
		stopped[filepath.Base(filepath.Dir(d.Range.File))] = d.Summary
	}
	if !reflect.DeepEqual(stopped, hostile) {
		t.Errorf("stopped:\n%v\nwant\n%v", stopped, hostile)
	}
	rendered := map[string]bool{}
	for _, r := range out.Rendered {
		rendered[filepath.Base(r.Chart)] = true
	}
	for _, name := range plain {
		if !rendered[name] {
			t.Errorf("%s not rendered", name)
		}
	}
	if len(rendered) != len(plain) {
		t.Errorf("rendered %v, want the plain charts only", rendered)
	}
	if n := p.starts.Load(); n < int64(len(hostile)) {
		t.Errorf("%d workers started: each stopped chart must replace its worker", n)
	}
}

// cpuTemplate uses a few tenths of a second of CPU time.
const cpuTemplate = `apiVersion: v1
kind: ConfigMap
metadata:
  name: cpu
data:
  {{- range $i := until 6000 }}{{- range $j := until 1000 }}{{- end }}{{- end }}
  done: "yes"
`

// TestPoolCPUBudgetPerRequest: the CPU limit bounds each rendering, not
// the worker's life: eight renderings of a few tenths of a second each,
// more than the limit together, all render on one worker.
func TestPoolCPUBudgetPerRequest(t *testing.T) {
	p := testPool(t, child(time.Second), 1)
	for i := range 8 {
		files := []File{
			{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: cpu\nversion: 0.1.0\n")},
			{Name: "templates/cm.yaml", Data: []byte(cpuTemplate)},
		}
		err := runBounded(t, func() error {
			_, err := p.Render(context.Background(), Request{Chart: "cpu", Files: files, ReleaseName: fmt.Sprint("r", i)})
			return err
		})
		if err != nil {
			t.Fatalf("rendering %d: %v", i, err)
		}
	}
	if n := p.starts.Load(); n != 1 {
		t.Errorf("%d workers started, want 1", n)
	}
}

// TestPoolReplacesKilledWorker kills the only worker while it renders a
// chart that never ends and others wait: that chart fails, the waiting
// ones render on a fresh worker.
func TestPoolReplacesKilledWorker(t *testing.T) {
	p := testPool(t, child(time.Minute), 1)
	spun := make(chan error, 1)
	go func() {
		_, err := p.Render(context.Background(), Request{Chart: "spin", Files: spinChart()})
		spun <- err
	}()
	var pid int
	waitFor(t, "the worker to start", func() bool {
		pids := p.pids()
		if len(pids) == 1 {
			pid = pids[0]
		}
		return pid > 0
	})
	results := make([]error, 5)
	var wg sync.WaitGroup
	for i := range results {
		wg.Go(func() {
			_, results[i] = p.Render(context.Background(), Request{Chart: "plain", Files: plainChart()})
		})
	}
	killProcess(t, pid)
	err := runBounded(t, func() error { return <-spun })
	var se *StoppedError
	if !errors.As(err, &se) || !strings.HasPrefix(se.Reason, "the renderer failed (signal: killed)") {
		t.Errorf("spinning chart: %v", err)
	}
	runBounded(t, func() bool { wg.Wait(); return true })
	for i, err := range results {
		if err != nil {
			t.Errorf("plain chart %d: %v", i, err)
		}
	}
	if n := p.starts.Load(); n != 2 {
		t.Errorf("%d workers started, want 2", n)
	}
}

// plainChart is a chart that renders one ConfigMap, as request files.
func plainChart() []File {
	return []File{
		{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: plain\nversion: 0.1.0\n")},
		{Name: "templates/cm.yaml", Data: []byte(plainTemplate)},
	}
}

// TestPoolStartsLazily: a pool nothing renders through starts no worker,
// and a closed pool renders nothing.
func TestPoolStartsLazily(t *testing.T) {
	p := testPool(t, child(time.Second), 2)
	root := t.TempDir()
	out := Render(context.Background(), nil, nil, Options{Roots: []string{root}, Renderer: p})
	if len(out.Rendered)+len(out.Diagnostics) > 0 || p.starts.Load() != 0 {
		t.Errorf("an empty run: %+v, %d workers started", out, p.starts.Load())
	}
	_ = p.Close()
	_, err := p.Render(context.Background(), Request{Chart: "plain", Files: plainChart()})
	var se *StoppedError
	if !errors.As(err, &se) || p.starts.Load() != 0 {
		t.Errorf("after Close: %v, %d workers started", err, p.starts.Load())
	}
}

// TestIdenticalChartsRenderOnce: two chart directories with the same
// files render once, and each keeps its own files in what it yields.
func TestIdenticalChartsRenderOnce(t *testing.T) {
	root := t.TempDir()
	for _, dir := range []string{"a", "b"} {
		write(t, filepath.Join(root, dir, "chart", "Chart.yaml"), "apiVersion: v2\nname: same\nversion: 0.1.0\n")
		write(t, filepath.Join(root, dir, "chart", "templates", "cm.yaml"), plainTemplate)
	}
	write(t, filepath.Join(root, "c", "chart", "Chart.yaml"), "apiVersion: v2\nname: same\nversion: 0.1.1\n")
	write(t, filepath.Join(root, "c", "chart", "templates", "cm.yaml"), plainTemplate)
	opts := options(root, nil)
	opts.Cache = NewCache()
	out := Render(context.Background(), FindCharts(yamlFiles(t, root)), nil, opts)
	if out.Renders != 2 {
		t.Errorf("%d renderings, want 2 (a and b alike, c not)", out.Renders)
	}
	var files []string
	for _, r := range out.Rendered {
		files = append(files, r.File)
	}
	if want := []string{"a/chart/templates/cm.yaml", "b/chart/templates/cm.yaml", "c/chart/templates/cm.yaml"}; !reflect.DeepEqual(files, want) {
		t.Errorf("rendered files %v, want %v", files, want)
	}
	if again := Render(context.Background(), FindCharts(yamlFiles(t, root)), nil, opts); again.Renders != 0 || len(again.Rendered) != 3 {
		t.Errorf("second run: %d renderings, %d rendered", again.Renders, len(again.Rendered))
	}
}

// TestSentCharts: a worker is sent a chart's files once and keeps at most
// the bound, the oldest dropped first; what it keeps matches what the
// parent records, so a cached request always finds its files.
func TestSentCharts(t *testing.T) {
	chart := func(name string, n int) []File {
		return []File{{Name: "Chart.yaml", Data: []byte(strings.Repeat(name, n))}}
	}
	charts := map[string][]File{"a": chart("a", 40), "b": chart("b", 40), "c": chart("c", 40), "huge": chart("h", 200)}
	sent := newSentCharts(100)
	kept := keptCharts{}
	var trace []string
	for _, name := range []string{"a", "b", "a", "c", "b", "a", "huge", "huge"} {
		files := charts[name]
		wr := sent.prepare(Request{Chart: name, Files: files}, filesHash(files), filesSize(files))
		trace = append(trace, fmt.Sprintf("%s cached=%v drop=%d files=%d", name, wr.Cached, len(wr.Drop), len(wr.Files)))
		if err := kept.resolve(&wr); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(wr.Files, files) {
			t.Fatalf("%s: the worker renders other files", name)
		}
		if len(kept) != len(sent.size) {
			t.Fatalf("%s: the worker keeps %d charts, the parent says %d", name, len(kept), len(sent.size))
		}
	}
	want := []string{
		"a cached=false drop=0 files=1",
		"b cached=false drop=0 files=1",
		"a cached=true drop=0 files=0",
		"c cached=false drop=1 files=1", // a goes
		"b cached=true drop=0 files=0",
		"a cached=false drop=1 files=1", // b goes
		"huge cached=false drop=0 files=1",
		"huge cached=false drop=0 files=1", // larger than the bound: never kept
	}
	if !reflect.DeepEqual(trace, want) {
		t.Errorf("trace:\n%s\nwant\n%s", strings.Join(trace, "\n"), strings.Join(want, "\n"))
	}
	if err := (keptCharts{}).resolve(&wireRequest{Hash: "x", Cached: true}); err == nil {
		t.Error("a cached request for files never sent is accepted")
	}
}

// TestPoolManyReleasesOfOneChart: one worker renders a chart for many
// releases (its files sent once) as InProcess does.
func TestPoolManyReleasesOfOneChart(t *testing.T) {
	p := testPool(t, child(20*time.Second), 1)
	files := []File{
		{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: rel\nversion: 0.1.0\n")},
		{Name: "templates/cm.yaml", Data: []byte("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ .Release.Name }}\n  namespace: {{ .Release.Namespace }}\n")},
	}
	for i := range 5 {
		req := Request{Chart: "rel", Files: files, ReleaseName: fmt.Sprint("r", i), Namespace: fmt.Sprint("ns", i)}
		want, werr := chartrender.InProcess{}.Render(context.Background(), req)
		got, err := p.Render(context.Background(), req)
		if err != nil || werr != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("release %d: %+v %v, want %+v %v", i, got, err, want, werr)
		}
	}
	if n := p.starts.Load(); n != 1 {
		t.Errorf("%d workers started, want 1", n)
	}
}

// TestPoolMemoryPerRequest: one worker renders three charts in a row that
// each keep 48 MB, within a 128 MiB limit: what one rendering held is not
// counted against the next (three together would exceed it). The charts
// churn little, so that what is measured is what they hold, not how fast
// a collector starved of CPU on a loaded machine frees garbage (churning
// 1.5 GB each, this failed one CI run in three under the full suite).
func TestPoolMemoryPerRequest(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: churns through gigabytes")
	}
	c := child(20 * time.Second)
	c.MemoryLimit = 128 << 20
	p := testPool(t, c, 1)
	files := []File{
		{Name: "Chart.yaml", Data: []byte("apiVersion: v2\nname: hold\nversion: 0.1.0\n")},
		{Name: "templates/cm.yaml", Data: []byte(holdTemplate)},
	}
	for i := range 3 {
		err := runBounded(t, func() error {
			_, err := p.Render(context.Background(), Request{Chart: "hold", Files: files, ReleaseName: fmt.Sprint("r", i)})
			return err
		})
		if err != nil {
			t.Fatalf("rendering %d: %v", i, err)
		}
	}
	if n := p.starts.Load(); n != 1 {
		t.Errorf("%d workers started, want 1", n)
	}
}

// renderAtOnce renders the plain chart n times at once through p.
func renderAtOnce(t *testing.T, p *Pool, n int) {
	t.Helper()
	var wg sync.WaitGroup
	for range n {
		wg.Go(func() {
			if _, err := p.Render(context.Background(), Request{Chart: "plain", Files: plainChart()}); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
}

// TestPoolWarmBoundedByCharts: Warm for a tree of one chart starts one
// worker, and the pool never runs a second, even for requests at once.
func TestPoolWarmBoundedByCharts(t *testing.T) {
	p := testPool(t, child(time.Second), 2)
	p.Warm(1)
	renderAtOnce(t, p, 4)
	if n := p.starts.Load(); n != 1 {
		t.Errorf("%d workers started after Warm(1) and four requests at once, want 1", n)
	}
}

// TestPoolWarmStartsOneWorkerAhead: Warm starts one worker before the
// first request, which serves requests one after another without another
// starting; Warm on a started or closed pool starts nothing more.
func TestPoolWarmStartsOneWorkerAhead(t *testing.T) {
	p := testPool(t, child(time.Second), 2)
	p.Warm(0)
	waitFor(t, "Warm's worker to start", func() bool { return p.starts.Load() == 1 })
	for range 4 {
		if _, err := p.Render(context.Background(), Request{Chart: "plain", Files: plainChart()}); err != nil {
			t.Fatal(err)
		}
	}
	p.Warm(0)
	if n := p.starts.Load(); n != 1 {
		t.Errorf("%d workers started after four requests and a second Warm, want 1", n)
	}
	_ = p.Close()
	p.Warm(0)
	if n := len(p.pids()); n != 0 {
		t.Errorf("%d workers alive after Close and Warm", n)
	}
}

// TestPoolGrowsForABacklog: requests at once that never wait GrowAfter
// start no second worker; with a chart that does not end on one worker,
// the request left waiting GrowAfter starts a second, and the requests
// that follow are served.
func TestPoolGrowsForABacklog(t *testing.T) {
	p := testPool(t, child(time.Minute), 2)
	p.GrowAfter = time.Hour
	renderAtOnce(t, p, 4)
	if n := p.starts.Load(); n != 1 {
		t.Fatalf("%d workers started for four requests that never waited an hour, want 1", n)
	}
	p.GrowAfter = 5 * time.Millisecond
	spinCtx, stopSpin := context.WithCancel(context.Background())
	defer stopSpin()
	spun := make(chan error, 1)
	before := workerTicks(p)
	go func() {
		_, err := p.Render(spinCtx, Request{Chart: "spin", Files: spinChart()})
		spun <- err
	}()
	// The requests below must queue behind the spinning chart: wait until
	// the worker is spending CPU on it (a plain render costs a tick or
	// two), or they may be served before it arrives.
	waitFor(t, "the spinning chart to hold the worker", func() bool { return workerTicks(p) >= before+10 })
	for i := range 3 {
		if err := runBounded(t, func() error {
			_, err := p.Render(context.Background(), Request{Chart: "plain", Files: plainChart()})
			return err
		}); err != nil {
			t.Fatalf("request %d behind the spinning chart: %v", i, err)
		}
	}
	if n := p.starts.Load(); n != 2 {
		t.Errorf("%d workers started, want 2 (one more for the backlog, within Workers)", n)
	}
	stopSpin()
	if err := runBounded(t, func() error { return <-spun }); err == nil {
		t.Error("the spinning chart rendered")
	}
}
