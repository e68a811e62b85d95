package helm

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// writeDependencyTree writes charts/orders, which takes its service
// account from the chart charts/service-base through a file://
// dependency (repository and version given), and service-base at
// version 1.2.0.
func writeDependencyTree(t *testing.T, root, repository, version string) string {
	t.Helper()
	app := filepath.Join(root, "charts", "orders")
	write(t, filepath.Join(app, "Chart.yaml"), `apiVersion: v2
name: orders
version: 0.3.0
dependencies:
  - name: service-base
    version: "`+version+`"
    repository: `+repository+`
`)
	write(t, filepath.Join(app, "values.yaml"), "service-base:\n  account: orders-api\n")
	write(t, filepath.Join(app, "templates", "deployment.yaml"), `apiVersion: apps/v1
kind: Deployment
metadata:
  name: orders
spec:
  selector:
    matchLabels: {app: orders}
  template:
    metadata:
      labels: {app: orders}
    spec:
      serviceAccountName: orders-api
      containers:
        - name: api
          image: example/orders:1.0
`)
	base := filepath.Join(root, "charts", "service-base")
	write(t, filepath.Join(base, "Chart.yaml"), "apiVersion: v2\nname: service-base\nversion: 1.2.0\n")
	write(t, filepath.Join(base, "values.yaml"), "account: default-api\n")
	write(t, filepath.Join(base, "templates", "serviceaccount.yaml"), `apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ .Values.account }}
`)
	return app
}

// ordersRelease is a release of the chart at app whose tool builds its
// dependencies as mode says.
func ordersRelease(app string, mode lint.DependencyBuild) *lint.Release {
	return &lint.Release{
		Object:       lint.Object{Kind: lint.KindRelease, Addr: "apps/orders.yaml#0", Label: "Argo CD Application orders", Name: lint.Known("orders")},
		Namespace:    lint.Known("orders"),
		ChartDir:     app,
		Values:       map[string]any{},
		ValueRanges:  map[string]lint.Range{},
		Dependencies: mode,
	}
}

// accountsOf renders the releases' charts and returns the service
// accounts rendered, by name, and the notes.
func accountsOf(t *testing.T, root string, charts []string, rels []*lint.Release) (map[string]*lint.ServiceAccount, []lint.Note, Output) {
	t.Helper()
	out := Render(context.Background(), charts, rels, options(root, nil))
	if len(out.Diagnostics) > 0 {
		t.Fatalf("diagnostics: %+v", out.Diagnostics)
	}
	es, ds := parse(out, nil)
	if len(ds) > 0 {
		t.Fatalf("kube diagnostics: %+v", ds)
	}
	got := map[string]*lint.ServiceAccount{}
	for _, e := range es {
		if sa, ok := e.(*lint.ServiceAccount); ok && strings.HasPrefix(sa.Addr, "charts/orders/") {
			name, _ := sa.Name.Str()
			got[name] = sa
		}
	}
	return got, out.Notes, out
}

func notesSay(notes []lint.Note, s string) bool {
	for _, n := range notes {
		if strings.Contains(n.What, s) {
			return true
		}
	}
	return false
}

// TestFileDependencyBuilt: a release whose tool builds dependencies (Argo
// CD, Flux, helmfile, helm_release with dependency_update) renders the
// chart with its file:// dependency packed in, as `helm dependency build`
// packs it; positions in the dependency's files are in its own
// directory; the parent's values for it win.
func TestFileDependencyBuilt(t *testing.T) {
	root := t.TempDir()
	app := writeDependencyTree(t, root, "file://../service-base", "~1.2.0")
	charts := FindCharts(yamlFiles(t, root))
	got, notes, out := accountsOf(t, root, charts, []*lint.Release{ordersRelease(app, lint.DependenciesBuiltWhenMissing)})
	sa := got["orders-api"]
	if sa == nil {
		t.Fatalf("the dependency's service account was not rendered with the parent's value: %v; notes %+v", got, notes)
	}
	if want := rng("charts/orders/values.yaml", 2, 12, 22); sa.NameRange != want {
		t.Errorf("name range = %s, want %s (the parent's value)", show(sa.NameRange), show(want))
	}
	var file string
	for _, r := range out.Rendered {
		if r.Template == "charts/service-base/templates/serviceaccount.yaml" && r.Release != nil {
			file = r.File
		}
	}
	if file != "charts/service-base/templates/serviceaccount.yaml" {
		t.Errorf("the dependency's template is shown at %q, want its own directory", file)
	}
	if notesSay(notes, "not in charts/") || notesSay(notes, "not built") {
		t.Errorf("notes = %+v, want none about the dependency", notes)
	}
	r := ordersRelease(app, lint.DependenciesBuiltWhenMissing)
	if _, _, _ = accountsOf(t, root, charts, []*lint.Release{r}); r.Reads == nil || r.Unrendered {
		t.Errorf("reads %v (%s), unrendered %v: the built chart's reads are known and it rendered whole", r.Reads, r.ReadsUnknown, r.Unrendered)
	}
}

// TestFileDependencyDefaultsBuilt: a chart no release installs renders
// with its defaults and its file:// dependency (it installs only once
// built), the dependency's own default in its own values.yaml.
func TestFileDependencyDefaultsBuilt(t *testing.T) {
	root := t.TempDir()
	writeDependencyTree(t, root, "file://../service-base", "1.2.0")
	write(t, filepath.Join(root, "charts", "orders", "values.yaml"), "replicas: 2\n")
	got, notes, _ := accountsOf(t, root, FindCharts(yamlFiles(t, root)), nil)
	sa := got["default-api"]
	if sa == nil {
		t.Fatalf("accounts %v, notes %+v", got, notes)
	}
	if want := rng("charts/service-base/values.yaml", 1, 10, 21); sa.NameRange != want {
		t.Errorf("name range = %s, want %s (the dependency's own values.yaml)", show(sa.NameRange), show(want))
	}
}

// TestFileDependencyNotBuilt: each condition that leaves a file://
// dependency out, and what the run says about it.
func TestFileDependencyNotBuilt(t *testing.T) {
	for _, tc := range []struct {
		name, repository, version string
		mode                      lint.DependencyBuild
		vendored                  bool
		note                      string
	}{
		{name: "the tool does not build dependencies", repository: "file://../service-base", version: "1.2.0", note: `dependency "service-base" (file://../service-base 1.2.0) is not in charts/`},
		{name: "the version is outside the constraint", repository: "file://../service-base", version: "^2.0.0", mode: lint.DependenciesBuiltWhenMissing, note: "is version 1.2.0, outside ^2.0.0"},
		{name: "the constraint is not one", repository: "file://../service-base", version: "one", mode: lint.DependenciesBuiltWhenMissing, note: `its version "one" is not a version constraint Helm accepts`},
		{name: "no such directory", repository: "file://../base", version: "1.2.0", mode: lint.DependenciesBuiltWhenMissing, note: "charts/base is not a directory"},
		{name: "an absolute path", repository: "file:///srv/charts/service-base", version: "1.2.0", mode: lint.DependenciesBuiltWhenMissing, note: "an absolute path is not read"},
		{name: "outside the tree", repository: "file://../../../elsewhere", version: "1.2.0", mode: lint.DependenciesBuiltWhenMissing, note: "is outside the scanned tree"},
		{name: "vendored already", repository: "file://../service-base", version: "1.2.0", mode: lint.DependenciesBuiltWhenMissing, vendored: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			parent := t.TempDir()
			root := filepath.Join(parent, "repo")
			app := writeDependencyTree(t, root, tc.repository, tc.version)
			if tc.name == "outside the tree" {
				write(t, filepath.Join(parent, "elsewhere", "Chart.yaml"), "apiVersion: v2\nname: service-base\nversion: 1.2.0\n")
			}
			if tc.vendored {
				write(t, filepath.Join(app, "charts", "service-base", "Chart.yaml"), "apiVersion: v2\nname: service-base\nversion: 1.2.0\n")
				write(t, filepath.Join(app, "charts", "service-base", "templates", "serviceaccount.yaml"), "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: vendored-{{ .Values.account }}\n")
			}
			r := ordersRelease(app, tc.mode)
			got, notes, _ := accountsOf(t, root, []string{app}, []*lint.Release{r})
			if tc.vendored {
				if got["vendored-orders-api"] == nil || len(got) != 1 {
					t.Errorf("accounts %v: the vendored copy renders, nothing is packed beside it", got)
				}
				return
			}
			if len(got) != 0 {
				t.Errorf("accounts %v: the dependency is not packed", got)
			}
			if !notesSay(notes, tc.note) {
				t.Errorf("notes = %+v, want %q", notes, tc.note)
			}
			if !r.Unrendered {
				t.Error("the release renders without a dependency: not all it makes is known")
			}
		})
	}
}

// TestFileDependencyRequirementsV1: an apiVersion v1 chart lists its
// dependencies in requirements.yaml.
func TestFileDependencyRequirementsV1(t *testing.T) {
	root := t.TempDir()
	app := writeDependencyTree(t, root, "file://../service-base", "1.2.0")
	write(t, filepath.Join(app, "Chart.yaml"), "apiVersion: v1\nname: orders\nversion: 0.3.0\n")
	write(t, filepath.Join(app, "requirements.yaml"), "dependencies:\n  - name: service-base\n    version: 1.2.0\n    repository: file://../service-base\n")
	got, notes, _ := accountsOf(t, root, []string{app}, []*lint.Release{ordersRelease(app, lint.DependenciesBuiltWhenMissing)})
	if got["orders-api"] == nil {
		t.Errorf("accounts %v, notes %+v", got, notes)
	}
}

// TestReleaseToolsBuildDependencies: which releases build their chart's
// dependencies, as their tools do.
func TestReleaseToolsBuildDependencies(t *testing.T) {
	root := t.TempDir()
	writeDependencyTree(t, root, "file://../service-base", "1.2.0")
	write(t, filepath.Join(root, "apps", "orders.yaml"), `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: orders
  namespace: argocd
spec:
  project: default
  source:
    repoURL: https://git.example.com/platform.git
    path: charts/orders
  destination:
    server: https://kubernetes.default.svc
    namespace: orders
`)
	write(t, filepath.Join(root, "clusters", "orders.yaml"), `apiVersion: helm.toolkit.fluxcd.io/v2
kind: HelmRelease
metadata:
  name: orders
  namespace: orders
spec:
  interval: 10m
  chart:
    spec:
      chart: ./charts/orders
      sourceRef:
        kind: GitRepository
        name: platform
        namespace: flux-system
`)
	write(t, filepath.Join(root, "helmfile.yaml"), `releases:
  - name: built
    namespace: orders
    chart: ./charts/orders
  - name: skipped
    namespace: orders
    chart: ./charts/orders
    skipDeps: true
`)
	write(t, filepath.Join(root, "defaults", "helmfile.yaml"), `helmDefaults:
  skipDeps: true
releases:
  - name: by-default
    namespace: orders
    chart: ../charts/orders
`)
	rels, diags, _ := findReleases(t, root, options(root, nil))
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %+v", diags)
	}
	want := map[string]lint.DependencyBuild{
		"Argo CD Application orders":     lint.DependenciesBuiltWhenMissing,
		"Flux HelmRelease orders/orders": lint.DependenciesMissingAdded,
		"helmfile release built":         lint.DependenciesAlwaysBuilt,
		"helmfile release skipped":       lint.DependenciesAsVendored,
		"helmfile release by-default":    lint.DependenciesAsVendored,
	}
	for _, r := range rels {
		w, ok := want[r.Label]
		if !ok {
			continue
		}
		delete(want, r.Label)
		if r.Dependencies != w {
			t.Errorf("%s: Dependencies = %v, want %v", r.Label, r.Dependencies, w)
		}
	}
	if len(want) > 0 {
		t.Errorf("releases not found: %v", want)
	}
}

// TestFileDependencyArchivesPackedAgain: `helm dependency build` writes
// every dependency's archive again from its directory. Argo CD runs it
// when a dependency is missing, helmfile and a helm_release with
// dependency_update always; Flux's source-controller packs only what is
// missing. A stale archive under charts/ is what renders only when no
// build replaces it.
func TestFileDependencyArchivesPackedAgain(t *testing.T) {
	for _, tc := range []struct {
		name          string
		mode          lint.DependencyBuild
		jobsVendored  bool
		want, notWant string
	}{
		{name: "Argo CD with a dependency missing", mode: lint.DependenciesBuiltWhenMissing, want: "orders-api", notWant: "stale-orders-api"},
		{name: "Argo CD with nothing missing", mode: lint.DependenciesBuiltWhenMissing, jobsVendored: true, want: "stale-orders-api", notWant: "orders-api"},
		{name: "Flux with a dependency missing", mode: lint.DependenciesMissingAdded, want: "stale-orders-api", notWant: "orders-api"},
		{name: "helmfile with nothing missing", mode: lint.DependenciesAlwaysBuilt, jobsVendored: true, want: "orders-api", notWant: "stale-orders-api"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			app := writeDependencyTree(t, root, "file://../service-base", "1.2.0")
			write(t, filepath.Join(app, "Chart.yaml"), `apiVersion: v2
name: orders
version: 0.3.0
dependencies:
  - name: service-base
    version: 1.2.0
    repository: file://../service-base
  - name: jobs
    version: 0.1.0
    repository: file://../jobs
`)
			if err := os.MkdirAll(filepath.Join(app, "charts"), 0o755); err != nil {
				t.Fatal(err)
			}
			writeTGZ(t, filepath.Join(app, "charts", "service-base-1.2.0.tgz"),
				"service-base/Chart.yaml", "apiVersion: v2\nname: service-base\nversion: 1.2.0\n",
				"service-base/templates/serviceaccount.yaml", "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: stale-{{ .Values.account }}\n")
			jobs := "apiVersion: v2\nname: jobs\nversion: 0.1.0\n"
			write(t, filepath.Join(root, "charts", "jobs", "Chart.yaml"), jobs)
			if tc.jobsVendored {
				writeTGZ(t, filepath.Join(app, "charts", "jobs-0.1.0.tgz"), "jobs/Chart.yaml", jobs)
			}
			got, notes, _ := accountsOf(t, root, []string{app}, []*lint.Release{ordersRelease(app, tc.mode)})
			if got[tc.want] == nil || got[tc.notWant] != nil || len(got) != 1 {
				t.Errorf("accounts %v, want %s alone; notes %+v", got, tc.want, notes)
			}
		})
	}
}

// TestFileDependencyRenderedInItsUmbrella: a chart another chart of the
// tree takes as a file:// dependency, installed by no release, renders
// inside that chart — with the sibling library whose templates it calls
// — and not alone with its defaults, where the library is missing.
func TestFileDependencyRenderedInItsUmbrella(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "deploy", "platform", "Chart.yaml"), `apiVersion: v2
name: platform
version: 2.0.0
dependencies:
  - name: helpers
    version: 0.1.0
    repository: file://../helpers
  - name: billing
    version: 0.4.0
    repository: file://../billing
`)
	write(t, filepath.Join(root, "deploy", "helpers", "Chart.yaml"), "apiVersion: v2\nname: helpers\ntype: library\nversion: 0.1.0\n")
	write(t, filepath.Join(root, "deploy", "helpers", "templates", "_account.tpl"), `{{- define "helpers.account" -}}
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ .Chart.Name }}-runner
{{- end -}}
`)
	write(t, filepath.Join(root, "deploy", "billing", "Chart.yaml"), "apiVersion: v2\nname: billing\nversion: 0.4.0\n")
	write(t, filepath.Join(root, "deploy", "billing", "templates", "account.yaml"), `{{ include "helpers.account" . }}`+"\n")
	out := Render(context.Background(), FindCharts(yamlFiles(t, root)), nil, options(root, nil))
	if len(out.Diagnostics) > 0 {
		t.Fatalf("diagnostics: %+v", out.Diagnostics)
	}
	es, _ := parse(out, nil)
	var names []string
	for _, e := range es {
		if sa, ok := e.(*lint.ServiceAccount); ok {
			names = append(names, sa.Name.String())
			// The name is written in the library's named template, in
			// the library's own directory.
			if want := "deploy/helpers/templates/_account.tpl"; sa.NameRange.File != want || sa.NameRange.Line != 5 {
				t.Errorf("name at %s, want %s:5", show(sa.NameRange), want)
			}
		}
	}
	if len(names) != 1 || names[0] != "billing-runner" {
		t.Errorf("service accounts %v, want billing-runner once (rendered in platform)", names)
	}
}

// TestFileDependencyMetadataAsHelmReadsIt: Helm's loader reads Chart.yaml
// through JSON, so `Name:` and `Version:` name a chart as `name:` and
// `version:` do; the dependency is packed.
func TestFileDependencyMetadataAsHelmReadsIt(t *testing.T) {
	root := t.TempDir()
	app := writeDependencyTree(t, root, "file://../service-base", "1.2.0")
	write(t, filepath.Join(root, "charts", "service-base", "Chart.yaml"), "apiVersion: v2\nName: service-base\nVersion: 1.2.0\n")
	got, notes, _ := accountsOf(t, root, []string{app}, []*lint.Release{ordersRelease(app, lint.DependenciesBuiltWhenMissing)})
	if got["orders-api"] == nil {
		t.Errorf("accounts %v, notes %+v", got, notes)
	}
}
