package generated

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
)

// writeFiles writes a tree of files under a new temporary directory.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestIgnoredBy(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		".gitignore":          "# generated\n/apps/*/out/\n*.env\n!keep.env\nsecrets/**\nliteral\\ \n",
		"apps/api/.gitignore": "patch-*.yaml\n!patch-static.yaml\n",
		"apps/api/.keep":      "",
	})
	fsys := Tree(treefs.New([]string{dir}, ""))
	top, api := filepath.Join(dir, ".gitignore"), filepath.Join(dir, "apps/api/.gitignore")
	for path, want := range map[string]string{
		"apps/api/out/sa.yaml":       top, // anchored directory pattern
		"apps/api/out":               top, // listed as a file, ignored as a directory
		"out/sa.yaml":                "",  // anchored: not at the top
		"apps/api/db.env":            top,
		"apps/api/keep.env":          "", // re-included
		"apps/api/patch-1.yaml":      api,
		"apps/api/patch-static.yaml": "",
		"apps/web/patch-1.yaml":      "", // the deeper file only applies below it
		"secrets/a/b.yaml":           top,
		"apps/api/out/keep.env":      top, // nothing below an ignored directory comes back
		"apps/api/deployment.yaml":   "",
		"literal ":                   top, // an escaped trailing space is kept
	} {
		if got := ignoredBy(fsys, dir, filepath.Join(dir, filepath.FromSlash(path))); got != want {
			t.Errorf("%s: ignored by %q, want %q", path, got, want)
		}
	}
}

func TestTemplateSibling(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a/nodes-tmpl.yaml":     "",
		"b/values.yaml.tpl":     "",
		"c/config.template":     "",
		"d/other.yaml.tpl":      "",
		"e/service.yaml.tmpl/x": "",
	})
	fsys := Tree(treefs.New([]string{dir}, ""))
	for path, want := range map[string]string{
		"a/nodes.yaml":   "a/nodes-tmpl.yaml",
		"b/values.yaml":  "b/values.yaml.tpl",
		"c/config.yaml":  "c/config.template",
		"d/nodes.yaml":   "",
		"e/service.yaml": "", // a directory is no template
	} {
		got := templateSibling(fsys, filepath.Join(dir, filepath.FromSlash(path)))
		if got != "" {
			got, _ = filepath.Rel(dir, got)
		}
		if filepath.ToSlash(got) != want {
			t.Errorf("%s: template %q, want %q", path, got, want)
		}
	}
}

// A YAML file beside a chart's Chart.yaml is that chart's rendering (a
// plugin writes `helm template` output there before kustomize builds);
// a file of another kind, a kustomization, or a file beside no chart, is
// not.
func TestChartBeside(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"chart/Chart.yaml":     "apiVersion: v2\nname: app\nversion: 0.1.0\n",
		"plain/kustomize.yaml": "",
		"odd/Chart.yaml/x":     "",
	})
	fsys := Tree(treefs.New([]string{dir}, ""))
	for path, want := range map[string]string{
		"chart/all.yaml": "chart/Chart.yaml",
		"chart/all.yml":  "chart/Chart.yaml",
		"chart/all.json": "",
		"plain/all.yaml": "",
		"odd/all.yaml":   "", // a directory is no Chart.yaml
		// No plugin writes the kustomization a chart directory lacks.
		"chart/kustomization.yaml": "",
		"chart/kustomization.yml":  "",
	} {
		got := chartBeside(fsys, filepath.Join(dir, filepath.FromSlash(path)))
		if got != "" {
			got, _ = filepath.Rel(dir, got)
		}
		if filepath.ToSlash(got) != want {
			t.Errorf("%s: chart %q, want %q", path, got, want)
		}
	}
}

// A values file beside a chart's Chart.yaml is one of the chart's own, not
// its rendering: Why says a manifest there is written before the build,
// ValuesWhy does not say so of a values file; both still name a template
// it is rendered from and a .gitignore that ignores it.
func TestValuesWhy(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"chart/Chart.yaml":            "apiVersion: v2\nname: app\nversion: 0.1.0\n",
		"chart/values-stage.yaml.tpl": "replicas: ${REPLICAS}\n",
		"chart/.gitignore":            "values-ci.yaml\n",
	})
	fsys := Tree(treefs.New([]string{dir}, ""))
	rel := func(p string) string { r, _ := filepath.Rel(dir, p); return filepath.ToSlash(r) }
	at := func(p string) string { return filepath.Join(dir, filepath.FromSlash(p)) }
	for _, c := range []struct {
		path, why, valuesWhy string
	}{
		{"chart/values-prod.yaml", "rendered from the chart of chart/Chart.yaml before the build", ""},
		{"chart/values-stage.yaml", "it is rendered from chart/values-stage.yaml.tpl", "it is rendered from chart/values-stage.yaml.tpl"},
		{"chart/values-ci.yaml", "rendered from the chart of chart/Chart.yaml before the build", "chart/.gitignore ignores it"},
	} {
		if got := Why(fsys, dir, at(c.path), rel); got != c.why {
			t.Errorf("Why(%s) = %q, want %q", c.path, got, c.why)
		}
		if got := ValuesWhy(fsys, dir, at(c.path), rel); got != c.valuesWhy {
			t.Errorf("ValuesWhy(%s) = %q, want %q", c.path, got, c.valuesWhy)
		}
	}
}

// A path in a directory a .gitmodules (in its directory or one above it,
// within the tree) declares as a submodule is checked out by `git
// submodule update`; a sibling of it, or a section of another kind, is
// not.
func TestSubmoduleOf(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		".gitmodules": "# vendored\n[submodule \"queue\"]\n\tpath = vendor/queue\n\turl = https://example.invalid/queue.git\n" +
			"[remote \"origin\"]\n\tpath = notes\n" +
			"[submodule \"charts\"]\n\tpath = \"deploy/charts\"\n",
		"infra/.gitmodules": "[submodule \"mods\"]\n  path = modules/shared\n",
	})
	fsys := Tree(treefs.New([]string{dir}, ""))
	top, infra := filepath.Join(dir, ".gitmodules"), filepath.Join(dir, "infra/.gitmodules")
	for path, want := range map[string]string{
		"vendor/queue/tf/main.tf":      top,
		"vendor/queue":                 top,
		"vendor/queue-other/main.tf":   "",  // a sibling sharing the prefix
		"deploy/charts/api/Chart.yaml": top, // a quoted path
		"notes/a.yaml":                 "",  // not a submodule section
		"infra/modules/shared/x.tf":    infra,
		"modules/shared/x.tf":          "", // the deeper file's path is its own
	} {
		if got, _ := submoduleOf(fsys, dir, filepath.Join(dir, filepath.FromSlash(path))); got != want {
			t.Errorf("%s: declared by %q, want %q", path, got, want)
		}
	}
}

// A submodule directory that holds files is checked out: a path it lacks
// is missing.
func TestSubmoduleCheckedOut(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		".gitmodules":           "[submodule \"svc\"]\n\tpath = svc\n[submodule \"empty\"]\n\tpath = empty\n",
		"svc/helm/values.yaml":  "replicas: 1\n",
		"empty/.placeholder-no": "",
	})
	if err := os.Remove(filepath.Join(dir, "empty/.placeholder-no")); err != nil {
		t.Fatal(err)
	}
	fsys := Tree(treefs.New([]string{dir}, ""))
	if got, _ := submoduleOf(fsys, dir, filepath.Join(dir, "svc/helm/values-dr.yaml")); got != "" {
		t.Errorf("checked-out submodule: declared by %q, want none", got)
	}
	if got, _ := submoduleOf(fsys, dir, filepath.Join(dir, "empty/helm/values.yaml")); got == "" {
		t.Error("empty submodule directory: not declared")
	}
}

// A sample beside a file (secrets.sample.json, settings.yaml.example) is
// what the file is copied from; a template is not a sample.
func TestSampleSibling(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"a/secrets.sample.json":   "",
		"b/settings.yaml.example": "",
		"c/values.yaml.tpl":       "",
	})
	fsys := Tree(treefs.New([]string{dir}, ""))
	for path, want := range map[string]string{
		"a/secrets.json":  "a/secrets.sample.json",
		"b/settings.yaml": "b/settings.yaml.example",
		"c/values.yaml":   "",
	} {
		got := sampleSibling(fsys, filepath.Join(dir, filepath.FromSlash(path)))
		if got != "" {
			got, _ = filepath.Rel(dir, got)
		}
		if filepath.ToSlash(got) != want {
			t.Errorf("%s: sample %q, want %q", path, got, want)
		}
	}
}
