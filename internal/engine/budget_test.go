package engine

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/helm/chartrender"
)

// meteredRenderer renders in process and meters like the pool: a chart
// named spin* is stopped at its CPU bound (charged the most, 21 s), any
// other costs a tenth of a second.
type meteredRenderer struct{}

func (m meteredRenderer) Render(ctx context.Context, req helm.Request) (helm.Result, error) {
	res, _, err := m.RenderMetered(ctx, req, 0)
	return res, err
}

func (meteredRenderer) RenderMetered(ctx context.Context, req helm.Request, limit time.Duration) (helm.Result, time.Duration, error) {
	if strings.Contains(req.Chart, "spin") {
		return helm.Result{}, 0, &helm.StoppedError{Reason: fmt.Sprintf("it used more than %s of CPU time", limit)}
	}
	res, err := chartrender.InProcess{}.Render(ctx, req)
	return res, 100 * time.Millisecond, err
}

func (meteredRenderer) MostCPU() time.Duration { return 21 * time.Second }

// chartFiles is a chart named name rendering one ConfigMap.
func chartFiles(dir, name string) map[string]string {
	return map[string]string{
		dir + "/Chart.yaml":        fmt.Sprintf("apiVersion: v2\nname: %s\nversion: 0.1.0\n", name),
		dir + "/templates/cm.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n",
	}
}

// TestRunBudgetAcrossStages: one budget of 30 s spans the stages in
// order — Terraform roots by path (a root stopped at its own bound costs
// 5 s), then the charts kustomize builds inflate, kustomization by
// kustomization, then the charts rendered on their own by path. The
// stopped chart of k/one brings the account to 26 s; the next two charts
// render within what is left (0.1 s each), d-spin spins to the 2 s limit
// the 3.7 s left allow, and e-plain, with 0.7 s left, is left out: FL000
// at its Chart.yaml, on every run.
func TestRunBudgetAcrossStages(t *testing.T) {
	files := map[string]string{
		"tf/a-bad/main.tf":         "locals {\n  p = setproduct(range(1024), range(1024), range(1024))\n}\nresource \"aws_iam_role\" \"r\" { name = length(local.p) }\n",
		"tf/b-good/main.tf":        "resource \"aws_iam_role\" \"r\" { name = \"r\" }\n",
		"k/one/kustomization.yaml": "helmCharts:\n  - name: spin-k\n    releaseName: one\n",
		"k/two/kustomization.yaml": "helmCharts:\n  - name: plain-k\n    releaseName: two\n",
	}
	for _, c := range []struct{ dir, name string }{{"k/one/charts/spin-k", "spin-k"}, {"k/two/charts/plain-k", "plain-k"}, {"charts/c-plain", "c-plain"}, {"charts/d-spin", "d-spin"}, {"charts/e-plain", "e-plain"}} {
		for p, body := range chartFiles(c.dir, c.name) {
			files[p] = body
		}
	}
	root := t.TempDir()
	write(t, root, files)
	want := []string{"charts/d-spin/Chart.yaml: stopped at 2s", "charts/e-plain/Chart.yaml: left out", "k/one/kustomization.yaml: stopped at 20s"}
	for run := range 3 {
		budget := runbudget.New(runbudget.Limits{CPU: 30 * time.Second, Memory: 2 << 30})
		l, err := Load(Options{Paths: []string{root}, Cwd: root, Renderer: meteredRenderer{}, Budget: budget})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, d := range l.Input.Diagnostics {
			what := "left out"
			if _, limit, ok := strings.Cut(d.Summary+d.Detail, "more than "); ok {
				what = "stopped at " + strings.Fields(limit)[0]
			}
			got = append(got, d.Range.File+": "+what)
		}
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("run %d: %v, want %v", run, got, want)
		}
		if r := l.Budget; r.Units != 7 || r.LeftOut != 1 || r.Spent < 29*time.Second || r.Spent > 30*time.Second {
			t.Errorf("run %d: budget %+v, want 7 units, 1 left out, 29.3 s spent", run, r)
		}
	}
}
