package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// The run-wide budget against a pull request of several hostile charts:
// each is stopped by its own CPU bound, and together they are stopped by
// the run's budget (internal/runbudget), on a machine with eight cores
// and an address space of 2 GiB.

// budgetMemory bounds the address space of a budget case (KiB): 2 GiB.
// A run with GOMAXPROCS=8 needs more than 1 GiB of address space even on
// a tiny tree (the runtime's arenas and eight threads' stacks: at 1 GiB
// one run in three fails with "runtime: out of memory"), and 2 GiB holds
// it on every run.
const budgetMemory = 2 << 20

// budgetDeadline ends a hung budget case: a spinning chart's 20 s of CPU
// time took 105 s of wall-clock time on a loaded machine with two cores.
var budgetDeadline = 3 * hostileDeadline

// runHostileWith is runHostile with the address space bounded at kib, env
// added to the child's environment and budgetDeadline.
func runHostileWith(t *testing.T, dir string, kib int, env map[string]string, args ...string) hostileRun {
	t.Helper()
	return runHostileIn(t, dir, nil, kib, budgetDeadline, env, args...)
}

// invalidInputs are the JSON report's FL000 messages by file.
func invalidInputs(t *testing.T, r hostileRun) map[string]string {
	t.Helper()
	var rep struct {
		Findings []struct {
			Rule     string `json:"rule"`
			Message  string `json:"message"`
			Location struct {
				File string `json:"file"`
			} `json:"location"`
		} `json:"findings"`
	}
	if err := json.Unmarshal([]byte(r.outputs["json"]), &rep); err != nil {
		t.Fatalf("json output: %v\n%s", err, r.outputs["json"])
	}
	out := map[string]string{}
	for _, f := range rep.Findings {
		if f.Rule == "FL000" {
			out[f.Location.File] = f.Message
		}
	}
	return out
}

// TestHostileChartsShareOneBudget: four charts whose templates loop (to
// burn CPU time, or to hoard memory) and one ordinary chart after them
// in path order, linted with GOMAXPROCS=8 under a 2 GiB address space.
// The two hostile charts first in path order are stopped by their own
// bounds (FL000) and each charged the most a rendering may cost, 21 s;
// the third is given what is left of the run's budget (45 s plus 0.5 s
// for each input, less the 42 s and the chain's root: just under 5 s),
// a 3 s limit (whole seconds, and the second a worker may pass it by),
// and is stopped there; then less than the 2 s a rendering needs is
// left, so the fourth hostile chart and the ordinary chart are left out,
// each with a FL000 at its Chart.yaml saying so, and never rendered. The run ends, exits 1 and still finds
// the planted chain.
func TestHostileChartsShareOneBudget(t *testing.T) {
	root, _ := hostileTree(t)
	hostileChart(t, root, "a-spin", spinChartTemplate)
	hostileChart(t, root, "b-hoard", hoardChartTemplate)
	hostileChart(t, root, "c-spin", spinChartTemplate)
	hostileChart(t, root, "d-hoard", hoardChartTemplate)
	writeFiles(t, root, map[string]string{
		"charts/tail/Chart.yaml":               "apiVersion: v2\nname: tail\nversion: 0.1.0\n",
		"charts/tail/templates/nodeclass.yaml": "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: tail\nspec:\n  role: shared-workers\n  amiSelectorTerms:\n    - alias: al2023@latest\n",
	})
	r := runHostileWith(t, root, budgetMemory, map[string]string{"GOMAXPROCS": "8"}, ".")
	assertClean(t, r)
	assertChain(t, r)
	if r.exit != 1 {
		t.Errorf("exit %d, want 1\n%s", r.exit, r.stderr)
	}
	fl000 := invalidInputs(t, r)
	for _, c := range []struct{ chart, want string }{
		{"a-spin", "used more than 20s of CPU time"},
		{"b-hoard", "exceeds the 512 MiB memory limit"},
		{"c-spin", "used more than 3s of CPU time"},
		{"d-hoard", "left out"},
		{"tail", "left out"},
	} {
		file := "charts/" + c.chart + "/Chart.yaml"
		if msg, ok := fl000[file]; !ok || !strings.Contains(msg, c.want) {
			t.Errorf("%s: FL000 %q, want one saying %q (all: %v)", file, msg, c.want, fl000)
		}
	}
	for _, f := range r.findings(t) {
		if strings.HasPrefix(f, "FL101@charts/tail/") {
			t.Errorf("the chart left out was rendered: %s", f)
		}
	}
	if !strings.Contains(r.stderr, "spent by 6 units; 2 left out") {
		t.Errorf("--verbose does not report the budget spent and the 2 charts left out:\n%s", r.stderr)
	}
}
