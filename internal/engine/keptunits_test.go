package engine

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/internal/benchgen"
	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/runbudget"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/helm/chartrender"
	"github.com/faultline-dev/faultline/parsers/kustomize"
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
	step := func(what string, want UnitsReport) *Loaded {
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

	cold := step("cold", UnitsReport{KustBuilt: 2, ChartsRendered: 1})
	// dev lists extra.yaml, not written yet: it does not build.
	if len(cold.Input.Model.Workloads) != 1 || len(cold.Input.Diagnostics) == 0 {
		t.Fatalf("%d workloads (%s), %d diagnostics; want prod's and dev's failed build: the test proves nothing", len(cold.Input.Model.Workloads), namespaces(cold), len(cold.Input.Diagnostics))
	}
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Note\n"})
	step("unrelated file added", UnitsReport{KustKept: 2, ChartsKept: 1})

	write(t, root, map[string]string{"overlays/prod/kustomization.yaml": "namespace: production\nresources:\n  - ../../base\n"})
	l := step("overlay edited", UnitsReport{KustKept: 1, KustBuilt: 1, ChartsKept: 1})
	if !strings.Contains(namespaces(l), "production") {
		t.Errorf("the edited overlay's namespace is not in the model: %s", namespaces(l))
	}

	write(t, root, map[string]string{"base/deployment.yaml": strings.Replace(kustTree["base/deployment.yaml"], "nginx:1.27", "nginx:1.28", 1)})
	before := len(step("base edited", UnitsReport{KustBuilt: 2, ChartsKept: 1}).Input.Diagnostics)
	write(t, root, map[string]string{"overlays/dev/extra.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: extra\n"})
	l = step("listed file added", UnitsReport{KustKept: 1, KustBuilt: 1, ChartsKept: 1})
	if len(l.Input.Diagnostics) >= before || !strings.Contains(saNames(l), "extra") || len(l.Input.Model.Workloads) != 2 {
		t.Errorf("adding the listed file changed nothing (%d diagnostics, were %d; service accounts %s): the step proves nothing", len(l.Input.Diagnostics), before, saNames(l))
	}

	write(t, root, map[string]string{"charts/app/templates/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Values.name }}-sa\n"})
	l = step("chart template edited", UnitsReport{KustKept: 2, ChartsRendered: 1})
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
	step("entries garbled", UnitsReport{KustBuilt: 2, ChartsRendered: 1})
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Third\n"})
	step("after garbled entries were replaced", UnitsReport{KustKept: 2, ChartsKept: 1})
}

// captured is a renderer that keeps what the renderer under it gave, by
// request.
type captured struct {
	r   helm.Renderer
	mu  sync.Mutex
	got map[string]capturedRender
}

// capturedRender is what a renderer answered: its result (with a failed
// rendering's notes) and the problem with the chart.
type capturedRender struct {
	Result helm.Result
	Err    *helm.RenderError
}

func (c *captured) Render(ctx context.Context, req helm.Request) (helm.Result, error) {
	res, err := c.r.Render(ctx, req)
	key, _ := json.Marshal(req)
	e := capturedRender{Result: res}
	if re, ok := err.(*helm.RenderError); ok {
		e.Err = re
	}
	c.mu.Lock()
	c.got[string(key)] = e
	c.mu.Unlock()
	return res, err
}

// noRender fails the test when anything is rendered.
type noRender struct{ t *testing.T }

func (n noRender) Render(context.Context, helm.Request) (helm.Result, error) {
	n.t.Error("a kept rendering was rendered again")
	return helm.Result{}, &helm.StoppedError{Reason: "test"}
}

// unitsFor is a per-unit cache over store, for tests.
func unitsFor(store *cache.Store, tree *treefs.Tree) *keptUnits {
	return &keptUnits{store: store, build: "test", tree: tree, checker: cache.NewChecker(tree)}
}

// Chart renderings kept are what the renderer gave, exactly (manifests,
// notes, and the problem with a chart that does not render), for the
// generated tree's charts and the helm parser's test charts.
func TestKeptRendersRoundTrip(t *testing.T) {
	gen := t.TempDir()
	if _, err := benchgen.Generate(gen, benchgen.Options{Teams: 3, ShareEvery: 1}); err != nil {
		t.Fatal(err)
	}
	charts := helm.FindCharts(findFiles(t, gen, "Chart.yaml"))
	for _, d := range []string{"broken", "karpenter", "releases"} {
		charts = append(charts, helm.FindCharts(findFiles(t, filepath.Join("..", "..", "parsers", "helm", "testdata", d), "Chart.yaml"))...)
	}
	// A chart that fails for want of a dependency: a problem with notes.
	charts = append(charts, helm.FindCharts(findFiles(t, filepath.Join("..", "..", "rules", "testdata", "FL000", "negative_chart_dependency_not_vendored"), "Chart.yaml"))...)
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	fresh := &captured{r: chartrender.InProcess{}, got: map[string]capturedRender{}}
	u := unitsFor(store, nil)
	helm.Render(context.Background(), charts, nil, helm.Options{Renderer: u.renderer(fresh)})
	u.flush()
	errs, noted := 0, 0
	for _, e := range fresh.got {
		if e.Err != nil {
			errs++
			if len(e.Result.Notes) > 0 {
				noted++
			}
		}
	}
	if len(fresh.got) < 5 || errs == 0 || noted == 0 || u.done().ChartsRendered != len(fresh.got) {
		t.Fatalf("%d renderings (%d failed, %d of them with notes, %s) of %d charts: the test proves nothing", len(fresh.got), errs, noted, u.done(), len(charts))
	}
	kept := &captured{r: unitsFor(store, nil).renderer(noRender{t}), got: map[string]capturedRender{}}
	helm.Render(context.Background(), charts, nil, helm.Options{Renderer: kept})
	if len(kept.got) != len(fresh.got) {
		t.Fatalf("%d renderings kept, want %d", len(kept.got), len(fresh.got))
	}
	for k, want := range fresh.got {
		got := kept.got[k]
		if !reflect.DeepEqual(got, want) {
			t.Errorf("a kept rendering differs from the renderer's:\n%+v\nwant\n%+v", got, want)
		}
	}
}

// findFiles lists the files named name under dir.
func findFiles(t *testing.T, dir, name string) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && d.Name() == name {
			abs, aerr := filepath.Abs(p)
			out = append(out, abs)
			return aerr
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// A kustomization kept is its build exactly — root, content,
// diagnostics, notes — and answers every position the build was asked as
// the build did, without building again: for every overlay of the
// generated tree and of the kustomize parser's test data.
func TestKeptKustomizationsRoundTrip(t *testing.T) {
	gen := t.TempDir()
	if _, err := benchgen.Generate(gen, benchgen.Options{Teams: 3, ShareEvery: 1}); err != nil {
		t.Fatal(err)
	}
	td, err := filepath.Abs(filepath.Join("..", "..", "parsers", "kustomize", "testdata"))
	if err != nil {
		t.Fatal(err)
	}
	for _, dir := range []string{gen, td} {
		tree := treefs.New([]string{dir}, "")
		var roots []string
		for _, f := range findFiles(t, dir, "kustomization.yaml") {
			roots = append(roots, filepath.Dir(f))
		}
		store, err := cache.Open(t.TempDir(), cache.DefaultMax)
		if err != nil {
			t.Fatal(err)
		}
		u := unitsFor(store, tree)
		built := map[string]builtKustomization{}
		queries := map[string][]positionQuery{}
		answers := map[string][]lint.Range{}
		kc := kustomize.NewCache()
		for _, root := range roots {
			in := cache.NewInputs()
			b := builtKustomization{root: root}
			b.out, b.diags, b.notes = kustomize.Render(root, kustomize.Options{ScanRoot: dir, Tree: tree, Cache: kc, Inputs: in})
			m, _ := u.keepKustomization(root, b, in, nil, true)
			// Every line start and every scalar start of the output.
			for i, line := range strings.Split(string(b.out.Content), "\n") {
				for _, col := range []int{1, len(line) - len(strings.TrimLeft(line, " -")) + 1} {
					q := positionQuery{lint.Range{File: b.out.Root, Line: i + 1, Column: col, EndLine: i + 1, EndColumn: col}, ""}
					queries[root] = append(queries[root], q)
					answers[root] = append(answers[root], m(q.r, q.text))
				}
			}
			built[root] = b
		}
		u.flush()
		contents := 0
		kept := unitsFor(store, tree)
		for _, root := range roots {
			remake := func() func(lint.Range, string) lint.Range {
				t.Errorf("%s: built again for a position asked before", root)
				return func(r lint.Range, _ string) lint.Range { return r }
			}
			got, _, ok := kept.lookupKustomization(root, remake)
			if !ok {
				t.Errorf("%s: not kept", root)
				continue
			}
			want := built[root]
			if len(want.out.Content) > 0 {
				contents++
			}
			if got.root != want.root || got.out.Root != want.out.Root || !reflect.DeepEqual(got.out.Content, want.out.Content) ||
				!reflect.DeepEqual(got.diags, want.diags) || !reflect.DeepEqual(got.notes, want.notes) {
				t.Errorf("%s: kept build differs:\n%+v\nwant\n%+v", root, got, want)
			}
			for i, q := range queries[root] {
				if a := got.out.Map(q.r, q.text); a != answers[root][i] {
					t.Errorf("%s: position %v maps to %v, want %v", root, q.r, a, answers[root][i])
				}
			}
		}
		if contents < 3 {
			t.Errorf("%s: %d of %d roots rendered: the test proves nothing", dir, contents, len(roots))
		}
	}
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
	step := func(what string, want UnitsReport) {
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
	step("cold", UnitsReport{KustBuilt: 2, ChartsRendered: 1})
	step("again", UnitsReport{KustKept: 2, ChartsKept: 1})
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

// A rendering whose values hold holes (a release's value from a Terraform
// output unknown before apply) is kept by what the holes stand for, not
// by the numbers a run gave them: a later run, numbering them otherwise,
// takes it, with the holes renumbered into its own; holes that no longer
// correspond one for one are a miss.
func TestKeptRenderRenumbersHoles(t *testing.T) {
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	role := lint.HoleRef{Object: "infra:aws_iam_role.app", Path: "arn"}
	request := func(h *lint.Holes, values map[string]any) helm.Request {
		return helm.Request{Chart: "charts/app", Files: []helm.File{{Name: "Chart.yaml", Data: []byte("name: app\n")}}, Values: values, ReleaseName: "app", Namespace: "apps", KubeVersion: "1.31"}
	}
	render := func(req helm.Request) helm.Result {
		return helm.Result{Manifests: []helm.Manifest{{Template: "templates/sa.yaml", Content: "role: " + req.Values["role"].(string) + "\n"}}}
	}

	first := lint.NewHoles()
	u1 := unitsFor(store, nil)
	u1.holes = first
	req1 := request(first, map[string]any{"role": first.Sentinel(role)})
	id1, ok := u1.renderKey(req1)
	if !ok {
		t.Fatal("no key")
	}
	u1.keepRender(id1, render(req1), nil)
	u1.flush()

	second := lint.NewHoles()
	second.Anonymous() // the second run numbers the role's hole otherwise
	second.Sentinel(lint.HoleRef{Object: "infra:aws_vpc.main", Path: "id"})
	u2 := unitsFor(store, nil)
	u2.holes = second
	req2 := request(second, map[string]any{"role": second.Sentinel(role)})
	if req2.Values["role"] == req1.Values["role"] {
		t.Fatal("both runs numbered the hole alike: the test proves nothing")
	}
	id2, _ := u2.renderKey(req2)
	res, rerr, hit := u2.lookupRender(id2)
	if !hit || rerr != nil {
		t.Fatalf("the rendering of the same request, its hole numbered otherwise, was not kept (hit %v, %v)", hit, rerr)
	}
	if want := render(req2); !reflect.DeepEqual(res, want) {
		t.Errorf("kept rendering = %+v, want it with the run's own hole: %+v", res, want)
	}

	// Two holes where the kept request had one: another request.
	req3 := request(second, map[string]any{"role": second.Sentinel(role) + second.Anonymous()})
	if id3, _ := u2.renderKey(req3); id3.key == id2.key {
		t.Error("a request with another hole has the same key")
	}
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
	for i, want := range []UnitsReport{{KustBuilt: 1}, {KustKept: 1}} {
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
	if u.holes != nil {
		t.Error("the per-unit cache still holds the load's holes after the load")
	}
}

// A kept rendering is read back whole or not at all: its stored form cut
// short, or with a content more or less than its manifests, is a miss.
func TestKeptRenderDamaged(t *testing.T) {
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	u := unitsFor(store, nil)
	req := helm.Request{Chart: "charts/app", Files: []helm.File{{Name: "Chart.yaml", Data: []byte("name: app\n")}}, ReleaseName: "app", Namespace: "apps"}
	id, ok := u.renderKey(req)
	if !ok {
		t.Fatal("no key")
	}
	res := helm.Result{Manifests: []helm.Manifest{{Template: "templates/a.yaml", Content: "kind: A\n"}, {Template: "templates/b.yaml", Content: "kind: B\n"}}, Notes: []string{"a note"}}
	good, err := joinRender(renderEntry{Result: &res})
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Put(id.key, good); err != nil {
		t.Fatal(err)
	}
	if got, rerr, hit := unitsFor(store, nil).lookupRender(id); !hit || rerr != nil || !reflect.DeepEqual(got, res) {
		t.Fatalf("kept %+v %v %v, want %+v", got, rerr, hit, res)
	}
	one := res
	one.Manifests = res.Manifests[:1]
	fewer, _ := joinRender(renderEntry{Result: &one})
	head, _, _ := splitRender(fewer) // the JSON of one manifest
	moreContents := append(binary.AppendUvarint(nil, uint64(len(head))), head...)
	moreContents = binary.AppendUvarint(moreContents, 2)
	for _, c := range []string{"kind: A\n", "kind: B\n"} {
		moreContents = binary.AppendUvarint(moreContents, uint64(len(c)))
		moreContents = append(moreContents, c...)
	}
	for name, data := range map[string][]byte{
		"cut short":                      good[:len(good)-3],
		"a content beyond its manifests": moreContents,
		"trailing bytes":                 append(append([]byte(nil), good...), 0),
	} {
		if err := store.Put(id.key, data); err != nil {
			t.Fatal(err)
		}
		if _, _, hit := unitsFor(store, nil).lookupRender(id); hit {
			t.Errorf("%s: a hit", name)
		}
	}
}
