package engine

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/lint"
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
		l, got, err := RunCached(opts, rules.All, lint.Options{}, c)
		if err != nil {
			t.Fatal(err)
		}
		if l.Cache.Hits != 0 {
			t.Fatalf("%s: a whole-run hit; the edit was not seen", what)
		}
		t.Logf("%s: %s", what, l.Cache)
		u := l.Cache.Units
		if u.KustKept != want.KustKept || u.KustBuilt != want.KustBuilt || u.KustRebuilt != 0 || u.ChartsKept != want.ChartsKept || u.ChartsRendered != want.ChartsRendered {
			t.Errorf("%s: %s; want %s", what, u, want)
		}
		fl, fresh, err := Run(opts, rules.All, lint.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if g, w := resultJSON(t, got), resultJSON(t, fresh); g != w {
			t.Errorf("%s: result differs from a fresh run's:\n%s\nwant\n%s", what, g, w)
		}
		if g, w := l.Input.Model.Entities(), fl.Input.Model.Entities(); !reflect.DeepEqual(g, w) {
			t.Errorf("%s: model differs from a fresh run's (%d vs %d entities)", what, len(g), len(w))
		}
		if g, w := l.Input.Diagnostics, fl.Input.Diagnostics; !reflect.DeepEqual(g, w) {
			t.Errorf("%s: diagnostics differ from a fresh run's:\n%v\nwant\n%v", what, g, w)
		}
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
