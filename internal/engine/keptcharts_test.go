package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/engine/unitcache"
	"github.com/faultline-dev/faultline/internal/tgztest"
)

// chartTree is a chart a Terraform release installs with a value of its
// own: templates reading values.yaml, a file (.Files.Get), a subchart, a
// .helmignore that leaves a template out.
var chartTree = map[string]string{
	"infra/main.tf": `variable "name" {
  default = "web"
}

resource "helm_release" "app" {
  name      = "app"
  chart     = "./charts/app"
  namespace = "prod"
  set {
    name  = "sa.name"
    value = var.name
  }
}
`,
	"infra/charts/app/Chart.yaml":                   "apiVersion: v2\nname: app\nversion: 0.1.0\n",
	"infra/charts/app/values.yaml":                  "sa:\n  name: default\nsuffix: one\n",
	"infra/charts/app/.helmignore":                  "templates/ignored.yaml\n",
	"infra/charts/app/files/name.txt":               "filea\n",
	"infra/charts/app/templates/sa.yaml":            "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Values.sa.name }}-{{ .Values.suffix }}\n",
	"infra/charts/app/templates/file.yaml":          "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Files.Get \"files/name.txt\" | trim }}\n",
	"infra/charts/app/templates/ignored.yaml":       "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: ignored\n",
	"infra/charts/app/charts/sub/Chart.yaml":        "apiVersion: v2\nname: sub\nversion: 0.1.0\n",
	"infra/charts/app/charts/sub/templates/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: sub-a\n",
}

// A chart load is kept while what it read is unchanged — not walked,
// read or parsed again — and made again whenever a template, values.yaml,
// a file, a subchart's file or .helmignore is edited, or a chart file is
// added or removed; a value from Terraform that changes renders the kept
// chart again. Every run's model and result are a fresh run's, and every
// edit shows in the model (no stale hit). The whole-run record names the
// files a kept load rests on: an edit of one nothing else reads, which
// leaves the tree's shape alone, is not answered by the whole run.
func TestKeptChartLoadsLoadOnlyWhatChanged(t *testing.T) {
	root := t.TempDir()
	write(t, root, chartTree)
	c, opts := cachedRunOf(t, root)
	type want struct{ loadsKept, loadsMade, kept, rendered int }
	step := func(what string, w want, sas string) {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		u := l.Cache.Units
		if g := (want{u.LoadsKept, u.LoadsMade, u.ChartsKept, u.ChartsRendered}); g != w {
			t.Errorf("%s: %s; want loads %d kept, %d made; charts %d kept, %d rendered", what, u, w.loadsKept, w.loadsMade, w.kept, w.rendered)
		}
		if g := saNamesOf(l); g != sas {
			t.Errorf("%s: service accounts %s, want %s", what, g, sas)
		}
		sameAsFresh(t, what, opts, l, got)
	}
	app := func(rel string) string { return "infra/charts/app/" + rel }
	made, kept := want{0, 1, 0, 1}, want{1, 0, 1, 0}

	step("cold", made, "filea sub-a web-one")
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Note\n"})
	step("unrelated file added", kept, "filea sub-a web-one")
	// Same size: the tree's shape is the same, and nothing but the
	// chart load reads the file.
	write(t, root, map[string]string{app("files/name.txt"): "fileb\n"})
	step("file edited", made, "fileb sub-a web-one")
	write(t, root, map[string]string{app("templates/sa.yaml"): strings.Replace(chartTree[app("templates/sa.yaml")], "}}-{{", "}}-x-{{", 1)})
	step("template edited", made, "fileb sub-a web-x-one")
	write(t, root, map[string]string{app("values.yaml"): "sa:\n  name: default\nsuffix: two\n"})
	step("values.yaml edited", made, "fileb sub-a web-x-two")
	write(t, root, map[string]string{app("charts/sub/templates/sa.yaml"): strings.Replace(chartTree[app("charts/sub/templates/sa.yaml")], "sub-a", "sub-b", 1)})
	step("subchart file edited", made, "fileb sub-b web-x-two")
	write(t, root, map[string]string{app(".helmignore"): "templates/other.yaml\n"})
	step(".helmignore edited", made, "fileb ignored sub-b web-x-two")
	write(t, root, map[string]string{app("templates/added.yaml"): "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: added\n"})
	step("chart file added", made, "added fileb ignored sub-b web-x-two")
	if err := os.Remove(filepath.Join(root, app("templates/added.yaml"))); err != nil {
		t.Fatal(err)
	}
	// The chart's files are those of the step before last again: the
	// rendering that step made is kept.
	step("chart file removed", want{0, 1, 1, 0}, "fileb ignored sub-b web-x-two")
	write(t, root, map[string]string{"infra/main.tf": strings.Replace(chartTree["infra/main.tf"], `"web"`, `"api"`, 1)})
	step("terraform value changed", want{1, 0, 0, 1}, "api-x-two fileb ignored sub-b")
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Other\n"})
	step("unrelated file edited", kept, "api-x-two fileb ignored sub-b")
}

// saNamesOf are the names of the model's service accounts, sorted.
func saNamesOf(l *Loaded) string {
	var names []string
	for _, sa := range l.Input.Model.ServiceAccounts {
		names = append(names, sa.Name.String())
	}
	sort.Strings(names)
	return strings.Join(names, " ")
}

// An archived chart is kept by the archive's content; a chart with a
// symlink in it is loaded on every run (what a link leads to is not all
// recorded); a release naming its chart through a symlinked directory
// (the charts themselves lie where discovery does not look) follows the
// link when it is pointed elsewhere. No step gives a stale chart.
func TestKeptChartLoadsArchivesAndLinks(t *testing.T) {
	root := t.TempDir()
	sa := "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: %s\n"
	write(t, root, map[string]string{
		"main.tf": `resource "helm_release" "cur" {
  name      = "cur"
  chart     = "./current"
  namespace = "prod"
}
`,
		"testdata/v1/Chart.yaml":        "apiVersion: v2\nname: v1\nversion: 0.1.0\n",
		"testdata/v1/templates/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Release.Name }}-v1\n",
		"testdata/v2/Chart.yaml":        "apiVersion: v2\nname: v2\nversion: 0.1.0\n",
		"testdata/v2/templates/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Release.Name }}-v2\n",
		"linked/Chart.yaml":             "apiVersion: v2\nname: linked\nversion: 0.1.0\n",
		"linked/files/sa.yaml":          fmt.Sprintf(sa, "linked-a"),
		"linked/templates/cm.yaml":      "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: linked\n",
		"notes/readme.yaml":             "kind: Note\n",
	})
	archive := func(name string) {
		t.Helper()
		writeTGZ(t, filepath.Join(root, "pkg-0.1.0.tgz"),
			"pkg/Chart.yaml", "apiVersion: v2\nname: pkg\nversion: 0.1.0\n",
			"pkg/templates/sa.yaml", fmt.Sprintf(sa, name))
	}
	archive("pkg-a")
	link := func(target, name string) {
		t.Helper()
		p := filepath.Join(root, name)
		_ = os.Remove(p)
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
	}
	link("testdata/v1", "current")
	link("../files/sa.yaml", "linked/templates/sa.yaml")
	c, opts := cachedRunOf(t, root)
	step := func(what string, sas string) unitcache.Report {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		if g := saNamesOf(l); g != sas {
			t.Errorf("%s: service accounts %s, want %s", what, g, sas)
		}
		sameAsFresh(t, what, opts, l, got)
		return l.Cache.Units
	}
	// linked/files/sa.yaml is chart data (not a manifest): only the
	// template linked to it makes an account.
	step("cold", "cur-v1 linked-a pkg-a")
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Other\n"})
	// The chart through current and the archive are kept; linked is
	// loaded again.
	if u := step("unrelated file edited", "cur-v1 linked-a pkg-a"); u.LoadsKept != 2 || u.LoadsMade != 0 {
		t.Errorf("unrelated file edited: %s; want 2 loads kept, none made", u)
	}
	archive("pkg-b")
	step("archive replaced", "cur-v1 linked-a pkg-b")
	write(t, root, map[string]string{"linked/files/sa.yaml": fmt.Sprintf(sa, "linked-b")})
	step("linked file edited", "cur-v1 linked-b pkg-b")
	link("testdata/v2", "current")
	if u := step("chart link pointed elsewhere", "cur-v2 linked-b pkg-b"); u.LoadsKept != 1 || u.LoadsMade != 1 {
		t.Errorf("chart link pointed elsewhere: %s; want 1 load kept, 1 made", u)
	}
}

// writeTGZ writes a gzip-compressed tar archive of the files, given as
// name, content pairs in order.
func writeTGZ(t *testing.T, path string, files ...string) {
	t.Helper()
	if err := tgztest.Write(path, files...); err != nil {
		t.Fatal(err)
	}
}

// A chart no release installs is kept without the values its templates
// read (working them out parses every template). When a release comes to
// install it, the kept load works them out from its files read again —
// a v1 chart's requirements.yaml among them, whose condition Helm reads
// — and is written again with them; the run after takes them as kept.
// Each run's result is a fresh run's: FL502 reports the one key the
// chart never reads.
func TestKeptChartLoadRefreshedWithReads(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"charts/web/Chart.yaml":              "apiVersion: v1\nname: web\nversion: 0.2.0\n",
		"charts/web/requirements.yaml":       "dependencies:\n  - name: cache\n    version: 1.0.0\n    condition: features.cache\n",
		"charts/web/values.yaml":             "image: web:1\nreplicas: 1\n",
		"charts/web/charts/cache/Chart.yaml": "apiVersion: v1\nname: cache\nversion: 1.0.0\n",
		"charts/web/templates/_helpers.tpl":  "{{- define \"web.image\" -}}{{ .Values.image }}{{- end }}\n",
		"charts/web/templates/deploy.yaml":   "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  replicas: {{ .Values.replicas }}\n  template:\n    spec:\n      containers:\n        - name: web\n          image: {{ include \"web.image\" . }}\n",
		"notes/readme.yaml":                  "kind: Note\n",
	})
	c, opts := cachedRunOf(t, root)
	step := func(what string, kept, refreshed, made int, findings string) {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		u := l.Cache.Units
		if u.LoadsKept != kept || u.LoadsRefreshed != refreshed || u.LoadsMade != made {
			t.Errorf("%s: %s; want loads %d kept, %d refreshed, %d made", what, u, kept, refreshed, made)
		}
		var ids []string
		for _, f := range got.Findings {
			ids = append(ids, fmt.Sprintf("%s %s:%d", f.Rule, f.Range.File, f.Range.Line))
		}
		if g := strings.Join(ids, ", "); g != findings {
			t.Errorf("%s: findings %q, want %q", what, g, findings)
		}
		sameAsFresh(t, what, opts, l, got)
	}
	step("cold, no release", 0, 0, 1, "")
	write(t, root, map[string]string{"infra/main.tf": `resource "helm_release" "web" {
  name      = "web"
  chart     = "../charts/web"
  namespace = "prod"
  values = [yamlencode({
    image    = "web:2"
    replica  = 3
    features = { cache = true }
  })]
}
`})
	step("a release installs the chart", 1, 1, 0, "FL502 infra/main.tf:7") // at "replica", the key the chart never reads
	write(t, root, map[string]string{"notes/readme.yaml": "kind: Other\n"})
	step("unrelated file edited", 1, 0, 0, "FL502 infra/main.tf:7")
}

// A chart whose dependency is packed from a directory of the tree
// (file://, built by the release's tool) is rendered again whenever a
// file of that directory is edited, and drops the dependency once its
// version leaves the constraint: no step gives a stale rendering.
func TestKeptChartFileDependencies(t *testing.T) {
	root := t.TempDir()
	tree := map[string]string{
		"main.tf": `resource "helm_release" "app" {
  name              = "app"
  chart             = "./charts/app"
  namespace         = "prod"
  dependency_update = true
}
`,
		"charts/app/Chart.yaml":               "apiVersion: v2\nname: app\nversion: 0.1.0\ndependencies:\n  - name: common\n    version: ^1.0.0\n    repository: file://../common\n",
		"charts/app/templates/sa.yaml":        "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: own\n",
		"charts/common/Chart.yaml":            "apiVersion: v2\nname: common\nversion: 1.0.0\n",
		"charts/common/values.yaml":           "suffix: a\n",
		"charts/common/templates/sa.yaml":     "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: common-{{ .Values.suffix }}\n",
		"charts/common/templates/_unused.tpl": "{{/* nothing */}}\n",
	}
	write(t, root, tree)
	c, opts := cachedRunOf(t, root)
	step := func(what, sas string) {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		// The dependency renders inside the chart that packs it only,
		// never alone with its defaults.
		if g := saNamesOf(l); g != sas {
			t.Errorf("%s: service accounts %s, want %s", what, g, sas)
		}
		sameAsFresh(t, what, opts, l, got)
	}
	step("cold", "common-a own")
	write(t, root, map[string]string{"charts/common/templates/sa.yaml": strings.Replace(tree["charts/common/templates/sa.yaml"], "common-", "shared-", 1)})
	step("dependency template edited", "own shared-a")
	write(t, root, map[string]string{"charts/common/values.yaml": "suffix: b\n"})
	step("dependency values edited", "own shared-b")
	write(t, root, map[string]string{"charts/common/Chart.yaml": "apiVersion: v2\nname: common\nversion: 2.0.0\n"})
	step("dependency version outside the constraint", "own")
}
