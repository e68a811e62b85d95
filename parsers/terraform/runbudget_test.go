package terraform

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform/eval"
)

// TestRootsLeftOutInPathOrder: in a run budget of 12 s, roots are charged
// in path order (a root stopped at one of its own bounds RootMostCPU, an
// ordinary root next to nothing) until the next might not fit: the
// roots from the third stopped one on are left out, each FL000 at its
// first file, the others yield their entities, on every run.
func TestRootsLeftOutInPathOrder(t *testing.T) {
	hostile := "locals {\n  p = setproduct(range(1024), range(1024), range(1024))\n}\nresource \"aws_iam_role\" \"r\" { name = length(local.p) }\n"
	dirs := []string{"a-bad", "b-good", "c-bad", "d-bad", "e-good"}
	files := map[string]string{}
	for _, d := range dirs {
		body := goodRoot
		if strings.HasSuffix(d, "bad") {
			body = hostile
		}
		files[d+"/main.tf"] = body
	}
	root := writeTree(t, files)
	var abs []string
	for _, d := range dirs {
		abs = append(abs, filepath.Join(root, d))
	}
	rel := func(p string) string {
		r, _ := filepath.Rel(root, p)
		return filepath.ToSlash(r)
	}
	want := []string{"d-bad/main.tf", "e-good/main.tf"}
	for run := range 5 {
		ledger := runbudget.New(runbudget.Limits{CPU: 12 * time.Second, Memory: 2 << 30})
		res := Load(slices.Clone(abs), Options{Root: root, Rel: rel, Budget: ledger})
		var left []string
		for _, d := range res.Diagnostics {
			if d.Summary == "terraform root left out: the run's budget is spent" {
				left = append(left, d.Range.File)
			}
		}
		if !slices.Equal(left, want) {
			t.Errorf("run %d: left out %v, want %v", run, left, want)
		}
		roles := map[string]bool{}
		for _, e := range res.Entities {
			if r, ok := e.(*lint.Role); ok {
				roles[r.Range.File] = true
			}
		}
		if !roles["b-good/main.tf"] || roles["e-good/main.tf"] {
			t.Errorf("run %d: roles from %v, want b-good's and not e-good's", run, roles)
		}
		if r := ledger.Report(); r.Units != 5 || r.LeftOut != 2 || r.Spent < 2*eval.RootMostCPU || r.Spent > 2*eval.RootMostCPU+time.Second {
			t.Errorf("run %d: budget %+v", run, r)
		}
	}
}

// TestRootWorkersFitTheRunMemory: roots evaluated at once are as many as
// the run's memory holds at four times a root's string bytes each: four
// in 2 GiB on eight cores, two on two.
func TestRootWorkersFitTheRunMemory(t *testing.T) {
	if eval.RootMemory != 512<<20 {
		t.Fatalf("rootMemory = %d MiB; the cases below assume 512", eval.RootMemory>>20)
	}
	cases := []struct {
		procs int
		l     *runbudget.Ledger
		want  int
	}{
		{8, nil, 4},
		{2, nil, 2},
		{8, runbudget.New(runbudget.Limits{Memory: 1 << 30}), 2},
		{8, runbudget.New(runbudget.Limits{Memory: 100 << 20}), 1},
	}
	for _, c := range cases {
		if got := rootWorkers(c.procs, c.l); got != c.want {
			t.Errorf("rootWorkers(%d, %+v) = %d, want %d", c.procs, c.l.Limits(), got, c.want)
		}
	}
}
