package helm

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/internal/runbudget"
)

// metered is a Metered renderer whose charts cost what their name says:
// a chart named spin* is stopped at its CPU limit, any other uses a tenth
// of a second.
type metered struct{}

func (metered) Render(ctx context.Context, req Request) (Result, error) {
	res, _, err := metered{}.RenderMetered(ctx, req, 0)
	return res, err
}

func (metered) RenderMetered(_ context.Context, req Request, limit time.Duration) (Result, time.Duration, error) {
	if strings.Contains(req.Chart, "spin") {
		return Result{}, 0, &StoppedError{Reason: fmt.Sprintf("it used more than %s of CPU time", limit)}
	}
	return Result{}, 100 * time.Millisecond, nil
}

func (metered) MostCPU() time.Duration { return 21 * time.Second }

// TestRenderLeavesOutChartsInPathOrder: with a run budget of 50 s, charts
// render in path order, each within what is left: the two stopped charts
// first in path order cost 21 s each (a 20 s limit and a second), the
// third renders within the 7.8 s left (a 6 s limit) and costs 7 s, and
// the 0.8 s then left is too little for the last chart, left out with a
// FL000 at its Chart.yaml, on every run.
func TestRenderLeavesOutChartsInPathOrder(t *testing.T) {
	root := t.TempDir()
	names := []string{"a0-plain", "b1-spin", "c2-plain", "d3-spin", "e4-spin", "f5-plain"}
	var charts []string
	for _, n := range names {
		writeChart(t, root, n, plainTemplate)
		charts = append(charts, filepath.Join(root, "charts", n))
	}
	want := []string{"charts/b1-spin/Chart.yaml:stopped at 20s", "charts/d3-spin/Chart.yaml:stopped at 20s", "charts/e4-spin/Chart.yaml:stopped at 6s", "charts/f5-plain/Chart.yaml:left out"}
	for run := range 5 {
		budget := runbudget.New(runbudget.Limits{CPU: 50 * time.Second})
		opts := options(root, nil)
		opts.Renderer, opts.Budget, opts.Parallel = metered{}, budget, 8
		out := Render(context.Background(), charts, nil, opts)
		var got []string
		for _, d := range out.Diagnostics {
			what := "left out"
			if _, limit, ok := strings.Cut(d.Summary, "more than "); ok {
				what = "stopped at " + strings.Fields(limit)[0]
			}
			got = append(got, d.Range.File+":"+what)
		}
		if !slices.Equal(got, want) {
			t.Errorf("run %d: %v, want %v", run, got, want)
		}
		if r := budget.Report(); r.Units != 6 || r.LeftOut != 1 || r.Spent != 49*time.Second+200*time.Millisecond {
			t.Errorf("run %d: budget %+v", run, r)
		}
	}
}

// TestPoolWorkersFitTheRunMemory: a pool runs as many workers as the run's
// memory holds at each worker's memory limit, at most one per core: four
// of 512 MiB in the default 2 GiB on eight cores, not eight.
func TestPoolWorkersFitTheRunMemory(t *testing.T) {
	cases := []struct {
		name  string
		pool  *Pool
		procs int
		want  int
	}{
		{"defaults on 8 cores", &Pool{}, 8, 4},
		{"defaults on 2 cores", &Pool{}, 2, 2},
		{"defaults on 64 cores", &Pool{}, 64, 4},
		{"1 GiB on 8 cores", &Pool{Memory: 1 << 30}, 8, 2},
		{"128 MiB workers on 8 cores", &Pool{Child: Child{MemoryLimit: 128 << 20}}, 8, 8},
		{"less than one worker's memory", &Pool{Memory: 64 << 20}, 8, 1},
		{"Workers set", &Pool{Workers: 3}, 8, 3},
	}
	for _, c := range cases {
		if got := c.pool.workers(c.procs); got != c.want {
			t.Errorf("%s: %d workers, want %d", c.name, got, c.want)
		}
	}
}

// TestCostOfARendering: a stopped rendering costs the most, another its
// CPU time (at most the most).
func TestCostOfARendering(t *testing.T) {
	most := 21 * time.Second
	if c := Cost(time.Second, &StoppedError{Reason: "x"}, most); c != most {
		t.Errorf("stopped: %s", c)
	}
	if c := Cost(time.Second, &RenderError{Message: "x"}, most); c != time.Second {
		t.Errorf("template error: %s", c)
	}
	if c := Cost(time.Minute, nil, most); c != most {
		t.Errorf("over the most: %s", c)
	}
}

// TestPoolRendersWithinTheLimitGiven: a rendering given less CPU time than
// the worker's own limit (what is left of the run's budget) is stopped at
// that limit, and the same worker serves the next request with its own.
func TestPoolRendersWithinTheLimitGiven(t *testing.T) {
	p := testPool(t, child(20*time.Second), 1)
	_, _, err := p.RenderMetered(context.Background(), Request{Chart: "spin", Files: spinChart()}, time.Second)
	var se *StoppedError
	if !errors.As(err, &se) || !strings.Contains(se.Reason, "more than 1s of CPU time") {
		t.Fatalf("a spinning chart given 1 s: %v", err)
	}
	res, _, err := p.RenderMetered(context.Background(), Request{Chart: "plain", Files: plainChart()}, 0)
	if err != nil || len(res.Manifests) != 1 {
		t.Errorf("the next request: %+v, %v", res, err)
	}
}
