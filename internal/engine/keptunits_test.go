package engine

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/engine/unitcache"
	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/helm/chartrender"
	"github.com/faultline-dev/faultline/rules"
)

// kustTree is two overlays of one base, and a chart no release installs.
var kustTree = map[string]string{
	"base/kustomization.yaml":          "resources:\n  - deployment.yaml\n  - sa.yaml\n",
	"base/deployment.yaml":             "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  selector:\n    matchLabels:\n      app: web\n  template:\n    metadata:\n      labels:\n        app: web\n    spec:\n      serviceAccountName: web\n      containers:\n        - name: web\n          image: nginx:1.27\n",
	"base/sa.yaml":                     "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: web\n  annotations:\n    eks.amazonaws.com/role-arn: arn:aws:iam::111122223333:role/web\n",
	"overlays/prod/kustomization.yaml": "namespace: prod\nresources:\n  - ../../base\n",
	"overlays/dev/kustomization.yaml":  "namespace: dev\nresources:\n  - ../../base\n  - extra.yaml\n",
	"charts/app/Chart.yaml":            "apiVersion: v2\nname: app\nversion: 0.1.0\n",
	"charts/app/values.yaml":           "name: app\n",
	"charts/app/templates/sa.yaml":     "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Values.name }}\n",
}

// A run the whole-run cache misses builds only the kustomizations whose
// inputs changed — an overlay edited, the base both include, a file an
// overlay lists added — and renders only the charts whose request
// changed; its model and result are a fresh run's, entity for entity.
// Entries that do not decode are misses.
func TestKeptUnitsBuildOnlyWhatChanged(t *testing.T) {
	root := t.TempDir()
	write(t, root, kustTree)
	cacheDir := t.TempDir()
	store, err := cache.Open(cacheDir, cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	c := &Cache{Store: store, Build: "test"}
	opts := Options{Paths: []string{root}, Cwd: root}
	step := func(what string, want unitcache.Report) *Loaded {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		u := l.Cache.Units
		if u.KustKept != want.KustKept || u.KustBuilt != want.KustBuilt || u.KustRebuilt != 0 || u.ChartsKept != want.ChartsKept || u.ChartsRendered != want.ChartsRendered {
			t.Errorf("%s: %s; want %s", what, u, want)
		}
		sameAsFresh(t, what, opts, l, got)
		return l
	}
	namespaces := func(l *Loaded) string {
		var ns []string
		for _, w := range l.Input.Model.Workloads {
			ns = append(ns, w.Namespace.String()+"@"+w.Range.String())
		}
		return strings.Join(ns, " ")
	}
	saNames := func(l *Loaded) string {
		var names []string
		for _, sa := range l.Input.Model.ServiceAccounts {
			names = append(names, sa.Name.String())
		}
		return strings.Join(names, " ")
	}

	cold := step("cold", unitcache.Report{KustBuilt: 2, ChartsRendered: 1})
	// dev lists extra.yaml, not written yet: it does not build.
	if len(cold.Input.Model.Workloads) != 1 || len(cold.Input.Diagnostics) == 0 {
		t.Fatalf("%d workloads (%s), %d diagnostics; want prod's and dev's failed build: the test proves nothing", len(cold.Input.Model.Workloads), namespaces(cold), len(cold.Input.Diagnostics))
	}
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Note\n"})
	step("unrelated file added", unitcache.Report{KustKept: 2, ChartsKept: 1})

	write(t, root, map[string]string{"overlays/prod/kustomization.yaml": "namespace: production\nresources:\n  - ../../base\n"})
	l := step("overlay edited", unitcache.Report{KustKept: 1, KustBuilt: 1, ChartsKept: 1})
	if !strings.Contains(namespaces(l), "production") {
		t.Errorf("the edited overlay's namespace is not in the model: %s", namespaces(l))
	}

	write(t, root, map[string]string{"base/deployment.yaml": strings.Replace(kustTree["base/deployment.yaml"], "nginx:1.27", "nginx:1.28", 1)})
	before := len(step("base edited", unitcache.Report{KustBuilt: 2, ChartsKept: 1}).Input.Diagnostics)
	write(t, root, map[string]string{"overlays/dev/extra.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: extra\n"})
	l = step("listed file added", unitcache.Report{KustKept: 1, KustBuilt: 1, ChartsKept: 1})
	if len(l.Input.Diagnostics) >= before || !strings.Contains(saNames(l), "extra") || len(l.Input.Model.Workloads) != 2 {
		t.Errorf("adding the listed file changed nothing (%d diagnostics, were %d; service accounts %s): the step proves nothing", len(l.Input.Diagnostics), before, saNames(l))
	}

	write(t, root, map[string]string{"charts/app/templates/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Values.name }}-sa\n"})
	l = step("chart template edited", unitcache.Report{KustKept: 2, ChartsRendered: 1})
	if !strings.Contains(saNames(l), "app-sa") {
		t.Errorf("the edited template's service account is not in the model: %s", saNames(l))
	}

	// Every entry garbled: each is a miss, computed again.
	err = filepath.WalkDir(cacheDir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			err = os.WriteFile(p, []byte("garbage"), 0o644)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Other\n"})
	step("entries garbled", unitcache.Report{KustBuilt: 2, ChartsRendered: 1})
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Third\n"})
	step("after garbled entries were replaced", unitcache.Report{KustKept: 2, ChartsKept: 1})
}

// A kustomization that inflates a chart of the tree is kept while the
// chart's files and its values file are unchanged, and the chart is then
// not rendered again on its own; any edit to them builds it again. Each
// run's model is a fresh run's.
func TestKeptUnitsInflatedChart(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"apps/kustomization.yaml":           "namespace: apps\nhelmCharts:\n  - name: web\n    releaseName: web\n    valuesFile: values.yaml\n",
		"apps/values.yaml":                  "name: one\n",
		"apps/charts/web/Chart.yaml":        "apiVersion: v2\nname: web\nversion: 0.1.0\n",
		"apps/charts/web/values.yaml":       "name: default\n",
		"apps/charts/web/templates/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Values.name }}\n",
		"notes/readme.yaml":                 "kind: Note\n",
	})
	c := testCache(t)
	opts := Options{Paths: []string{root}, Cwd: root}
	step := func(what string, kept, built, rendered int) string {
		t.Helper()
		l, _, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %s", what, l.Cache)
		if u := l.Cache.Units; u.KustKept != kept || u.KustBuilt != built || u.ChartsRendered != rendered {
			t.Errorf("%s: %s; want %d kept, %d built, %d rendered", what, u, kept, built, rendered)
		}
		fl, _, err := Run(opts, rules.All, lint.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if g, w := l.Input.Model.Entities(), fl.Input.Model.Entities(); !reflect.DeepEqual(g, w) {
			t.Errorf("%s: model differs from a fresh run's (%d vs %d entities)", what, len(g), len(w))
		}
		var names []string
		for _, sa := range l.Input.Model.ServiceAccounts {
			names = append(names, sa.Name.String())
		}
		return strings.Join(names, " ")
	}
	if got := step("cold", 0, 1, 1); got != "one" {
		t.Fatalf("service accounts %q, want the inflated chart's one: the test proves nothing", got)
	}
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Other\n"})
	step("unrelated file edited", 1, 0, 0)
	write(t, root, map[string]string{"apps/values.yaml": "name: two\n"})
	if got := step("values file edited", 0, 1, 1); got != "two" {
		t.Errorf("service accounts %q after the values edit, want two", got)
	}
	write(t, root, map[string]string{"apps/charts/web/templates/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Values.name }}-sa\n"})
	if got := step("chart template edited", 0, 1, 1); got != "two-sa" {
		t.Errorf("service accounts %q after the template edit, want two-sa", got)
	}
	write(t, root, map[string]string{"apps/charts/web/templates/extra.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: extra\n"})
	if got := step("chart template added", 0, 1, 1); !strings.Contains(got, "extra") {
		t.Errorf("service accounts %q after a template was added, want extra among them", got)
	}
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Third\n"})
	step("unrelated file edited again", 1, 0, 0)
}

// Kustomization builds and chart renderings are kept even when the whole
// run is not stored because a wall-clock backstop stopped something
// else (here a Terraform root's evaluation deadline): each rests only on
// what it read. A run whose budget left units out keeps none.
func TestKeptUnitsWrittenWhenRunNotStored(t *testing.T) {
	root := t.TempDir()
	write(t, root, kustTree)
	write(t, root, map[string]string{"infra/main.tf": longRoot})
	c := testCache(t)
	// The Terraform root's evaluation deadline fires: the run is not
	// stored whole.
	opts := Options{Paths: []string{root}, Cwd: root, rootDeadline: -time.Second}
	step := func(what string, want unitcache.Report) {
		t.Helper()
		l, _, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.HasPrefix(l.Cache.NotStored, "a wall-clock backstop stopped ") {
			t.Fatalf("%s: the run was stored whole (%q): the test proves nothing", what, l.Cache.NotStored)
		}
		if u := l.Cache.Units; u.KustKept != want.KustKept || u.KustBuilt != want.KustBuilt || u.ChartsKept != want.ChartsKept || u.ChartsRendered != want.ChartsRendered {
			t.Errorf("%s: %s; want %s", what, u, want)
		}
	}
	step("cold", unitcache.Report{KustBuilt: 2, ChartsRendered: 1})
	step("again", unitcache.Report{KustKept: 2, ChartsKept: 1})
}

// A run whose budget left a unit out keeps no kustomization build nor
// chart rendering: what it built around the unit left out is not what a
// run with room for it builds.
func TestKeptUnitsNotWrittenWhenBudgetLeftOut(t *testing.T) {
	files := map[string]string{}
	for _, c := range []struct{ dir, name string }{{"charts/c-plain", "c-plain"}, {"charts/d-spin", "d-spin"}, {"charts/e-plain", "e-plain"}} {
		for p, body := range chartFiles(c.dir, c.name) {
			files[p] = body
		}
	}
	root := t.TempDir()
	write(t, root, files)
	dir := t.TempDir()
	store, err := cache.Open(dir, cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	c := &Cache{Store: store, Build: "test"}
	for run := range 2 {
		budget := runbudget.New(runbudget.Limits{CPU: 2500 * time.Millisecond, Memory: 2 << 30})
		l, _, err := RunCached(Options{Paths: []string{root}, Cwd: root, Renderer: meteredRenderer{}, Budget: budget}, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		if l.Budget.LeftOut == 0 {
			t.Fatalf("run %d: the budget left nothing out (%+v): the test proves nothing", run, l.Budget)
		}
		if u := l.Cache.Units; u.ChartsKept != 0 || u.Stored != 0 {
			t.Errorf("run %d: %s; want nothing kept or written", run, u)
		}
		// The renderings were staged on the disk as they were made:
		// dropped, not left behind.
		if left := tempFiles(t, dir); len(left) > 0 {
			t.Errorf("run %d left staged files: %v", run, left)
		}
	}
	// With room for every unit the same renderings are stored, and
	// nothing is left staged either.
	l, _, err := RunCached(Options{Paths: []string{root}, Cwd: root, Renderer: meteredRenderer{}}, rules.All, lint.Options{}, c)
	if err != nil {
		t.Fatal(err)
	}
	if u := l.Cache.Units; u.ChartsRendered == 0 || u.Stored < u.ChartsRendered {
		t.Errorf("a run with room: %s; want every rendering written", u)
	}
	if left := tempFiles(t, dir); len(left) > 0 {
		t.Errorf("a run with room left staged files: %v", left)
	}
}

// tempFiles are the temporary files under a store's directory.
func tempFiles(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && strings.HasPrefix(d.Name(), ".tmp-") {
			out = append(out, p)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A kustomize build kept from an earlier run is substituted by the Flux
// Kustomization deploying it exactly as a fresh build is: the kept output
// comes without the documents a build parses, and is decoded once for the
// Flux finder and the model.
func TestKeptKustomizationUnderFluxSubstitution(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"clusters/prod/apps.yaml": "apiVersion: kustomize.toolkit.fluxcd.io/v1\nkind: Kustomization\nmetadata:\n  name: apps\n  namespace: flux-system\n" +
			"spec:\n  path: ./apps/prod\n  sourceRef:\n    kind: GitRepository\n    name: flux-system\n  postBuild:\n    substitute:\n      TEAM: payments\n",
		"apps/prod/kustomization.yaml": "namespace: prod\nresources:\n  - sa.yaml\n",
		"apps/prod/sa.yaml":            "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: ${TEAM}-api\n  annotations:\n    eks.amazonaws.com/role-arn: arn:aws:iam::111122223333:role/${TEAM}-api\n",
	})
	c, opts := cachedRunOf(t, root)
	for i, want := range []unitcache.Report{{KustBuilt: 1}, {KustKept: 1}} {
		write(t, root, map[string]string{"notes/readme.yaml": fmt.Sprintf("kind: Note%d\n", i)})
		l, got, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		if u := l.Cache.Units; u.KustKept != want.KustKept || u.KustBuilt != want.KustBuilt {
			t.Errorf("run %d: %s; want %s", i, u, want)
		}
		var names []string
		for _, sa := range l.Input.Model.ServiceAccounts {
			names = append(names, sa.Name.String())
		}
		if strings.Join(names, " ") != "payments-api" {
			t.Errorf("run %d: service accounts %q, want the substituted payments-api", i, names)
		}
		sameAsFresh(t, fmt.Sprintf("run %d", i), opts, l, got)
	}
}

// A chart request's holes are keyed by what they stand for in the run
// that renders: a release whose value moves from one unknown role ARN to
// another renders again, and one whose value stays keeps its rendering.
// A hole numbered otherwise in a later run is the same hole. (Keyed by
// another load's holes, every hole looked fresh and the first rendering
// was taken for the second request; keyed by no holes, by their numbers.)
func TestKeptRenderKeyedByTheRunsHoles(t *testing.T) {
	root := t.TempDir()
	release := func(role string) string {
		return `resource "aws_iam_role" "app" { name = "app" }
resource "aws_iam_role" "other" { name = "other" }
resource "helm_release" "app" {
  name      = "app"
  chart     = "./charts/app"
  namespace = "apps"
  set {
    name  = "role"
    value = aws_iam_role.` + role + `.arn
  }
}
`
	}
	write(t, root, map[string]string{
		"main.tf":                      release("app"),
		"charts/app/Chart.yaml":        "apiVersion: v2\nname: app\nversion: 0.1.0\n",
		"charts/app/values.yaml":       "role: none\n",
		"charts/app/templates/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: app\n  annotations:\n    eks.amazonaws.com/role-arn: {{ .Values.role }}\n",
	})
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	c := &Cache{Store: store, Build: "test"}
	opts := Options{Paths: []string{root}, Cwd: root}
	step := func(what string, kept, rendered int) {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		if u := l.Cache.Units; u.ChartsKept != kept || u.ChartsRendered != rendered {
			t.Errorf("%s: %s; want charts %d kept, %d rendered", what, u, kept, rendered)
		}
		sameAsFresh(t, what, opts, l, got)
	}
	step("cold", 0, 1)
	write(t, root, map[string]string{"main.tf": release("app") + "# a comment\n"})
	step("same hole", 1, 0)
	write(t, root, map[string]string{"main.tf": release("other")})
	step("another role's hole", 0, 1)
	// The same value, its hole numbered otherwise (another hole is made
	// first): kept.
	write(t, root, map[string]string{"main.tf": release("other") + "output \"first\" { value = aws_iam_role.app.unique_id }\n"})
	step("the same hole numbered otherwise", 1, 0)
}

// warmCounter is an in-process renderer that records each Warm.
type warmCounter struct {
	mu    sync.Mutex
	warms []int
}

func (w *warmCounter) Render(ctx context.Context, req helm.Request) (helm.Result, error) {
	return chartrender.InProcess{}.Render(ctx, req)
}

func (w *warmCounter) Warm(charts int) {
	w.mu.Lock()
	w.warms = append(w.warms, charts)
	w.mu.Unlock()
}

// taken returns the Warm calls since the last and forgets them.
func (w *warmCounter) taken() []int {
	w.mu.Lock()
	defer w.mu.Unlock()
	got := w.warms
	w.warms = nil
	return got
}

// The chart renderer is warmed for as many charts as the tree holds when
// no earlier run of the tree was stored (without the cache, or the first
// run with it); a later run, whose renderings are most likely kept,
// leaves its workers to start at the first rendering not kept.
func TestRendererWarmedOnlyWithoutAnEarlierRun(t *testing.T) {
	root := t.TempDir()
	write(t, root, kustTree)
	write(t, root, map[string]string{
		"charts/two/Chart.yaml":        "apiVersion: v2\nname: two\nversion: 0.1.0\n",
		"charts/two/templates/cm.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: two\n",
	})
	w := &warmCounter{}
	opts := Options{Paths: []string{root}, Cwd: root, Renderer: w}
	if _, _, err := Run(opts, rules.All, lint.Options{}); err != nil {
		t.Fatal(err)
	}
	if got := w.taken(); !reflect.DeepEqual(got, []int{2}) {
		t.Errorf("without the cache: warmed %v, want once for 2 charts", got)
	}
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	c := &Cache{Store: store, Build: "test"}
	recomputed(t, "first", opts, c)
	if got := w.taken(); !reflect.DeepEqual(got, []int{2}) {
		t.Errorf("first cached run: warmed %v, want once for 2 charts", got)
	}
	write(t, root, map[string]string{"charts/two/templates/cm.yaml": "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: two-b\n"})
	l, _ := recomputed(t, "a chart edited", opts, c)
	if got := w.taken(); len(got) != 0 {
		t.Errorf("a run after a stored one: warmed %v, want not at all", got)
	}
	if u := l.Cache.Units; u.ChartsRendered != 1 || u.ChartsKept != 1 {
		t.Errorf("a chart edited: %s; want 1 kept, 1 rendered", u)
	}
}

// TestLoadLetsGoOfTheHoles: the per-unit cache keys renderings by the
// load's holes while it loads, and lets them go once every rendering was
// asked for: the rules and the stored run do not need them.
func TestLoadLetsGoOfTheHoles(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{"main.tf": "resource \"aws_iam_role\" \"app\" { name = \"app\" }\noutput \"arn\" { value = aws_iam_role.app.arn }\n"})
	opts := Options{Paths: []string{root}, Cwd: root}
	r, err := newRun(opts)
	if err != nil {
		t.Fatal(err)
	}
	u, err := newKeptUnits(testCache(t), opts, r)
	if err != nil {
		t.Fatal(err)
	}
	opts.units = u
	if _, err := Load(opts); err != nil {
		t.Fatal(err)
	}
	if u.KeyHoles() != nil {
		t.Error("the per-unit cache still holds the load's holes after the load")
	}
}

// A kustomization that lists a file a Terraform local_file writes at
// apply time is kept with the files written: when the local_file comes
// to write another file, the kept build (a note) is not used and the
// entry is an FL000 again, as a fresh run says; and back. A root kept
// from an earlier run still names what it writes.
func TestKeptKustomizationFollowsWrittenFiles(t *testing.T) {
	root := t.TempDir()
	tf := func(name string) string {
		return "resource \"local_file\" \"facts\" {\n  filename = \"${path.module}/../apps/" + name + "\"\n  content  = \"kind: ConfigMap\\n\"\n}\n"
	}
	write(t, root, map[string]string{
		"infra/main.tf":           tf("facts.yaml"),
		"apps/kustomization.yaml": "resources:\n  - ns.yaml\n  - facts.yaml\n",
		"apps/ns.yaml":            "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: apps\n",
	})
	c, opts := cachedRunOf(t, root)
	for i, step := range []struct {
		file   string
		fl000  int
		report unitcache.Report
	}{
		{"facts.yaml", 0, unitcache.Report{KustBuilt: 1}},
		{"other.yaml", 1, unitcache.Report{KustBuilt: 1}},
		{"facts.yaml", 0, unitcache.Report{KustKept: 1}},
		// The root kept, the overlay built again: what the kept root
		// writes still counts.
		{"facts.yaml", 0, unitcache.Report{KustBuilt: 1}},
	} {
		write(t, root, map[string]string{"infra/main.tf": tf(step.file)})
		if i == 3 {
			write(t, root, map[string]string{"apps/ns.yaml": "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: apps2\n"})
		}
		l, got, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		if u := l.Cache.Units; u.KustKept != step.report.KustKept || u.KustBuilt != step.report.KustBuilt {
			t.Errorf("step %d: %s; want %s", i, u, step.report)
		}
		n := 0
		for _, f := range got.Findings {
			if f.Rule == "FL000" {
				n++
			}
		}
		if n != step.fl000 {
			t.Errorf("step %d (local_file writes %s): %d FL000, want %d", i, step.file, n, step.fl000)
		}
		sameAsFresh(t, fmt.Sprintf("step %d", i), opts, l, got)
	}
}
