package engine

import (
	"strings"
	"testing"
)

// ignoreTree writes an ignore in each kind of file the ignore scan reads
// again: a Terraform file, a file a kustomization owns, a chart template.
var ignoreTree = map[string]string{
	"infra/main.tf":                "# faultline:ignore FL101 shared on purpose\nresource \"aws_iam_role\" \"nodes\" {\n  name = \"nodes\"\n}\n",
	"infra/vars.tf":                "variable \"region\" {\n  default = \"eu-west-1\"\n}\n",
	"k8s/kustomization.yaml":       "resources:\n  - sa.yaml\n",
	"k8s/sa.yaml":                  "# faultline:ignore FL201 reviewed\napiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: web\n",
	"charts/app/Chart.yaml":        "apiVersion: v2\nname: app\nversion: 0.1.0\n",
	"charts/app/templates/sa.yaml": "{{/* faultline:ignore FL202 templated */}}\napiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: app\n",
}

// A run after an edit takes, from the last ignore scan, what it found in
// every file unchanged since, and scans the rest: an ignore edited in
// place (same size), added to a template or removed from a kustomized
// file is seen; the ignores are always a fresh run's. A damaged scan
// entry scans everything again.
func TestKeptIgnoresTakeUnchangedFiles(t *testing.T) {
	root := t.TempDir()
	write(t, root, ignoreTree)
	c := testCache(t)
	opts := Options{Paths: []string{root}, Cwd: root}
	step := func(what string, kept, scanned int, want ...string) {
		t.Helper()
		l, got := recomputed(t, what, opts, c)
		if u := l.Cache.Units; u.IgnoresKept != kept || u.IgnoresScanned != scanned {
			t.Errorf("%s: ignores %d kept, %d scanned; want %d, %d", what, u.IgnoresKept, u.IgnoresScanned, kept, scanned)
		}
		sameAsFresh(t, what, opts, l, got)
		var rules []string
		for _, ig := range l.Input.Ignores {
			rules = append(rules, strings.Join(ig.Rules, ",")+"@"+ig.Target.File)
		}
		if g, w := strings.Join(rules, " "), strings.Join(want, " "); g != w {
			t.Errorf("%s: ignores %s, want %s", what, g, w)
		}
	}
	step("cold", 0, 6, "FL202@charts/app/templates/sa.yaml", "FL101@infra/main.tf", "FL201@k8s/sa.yaml")
	write(t, root, map[string]string{"notes.txt": "unrelated\n"})
	// k8s/sa.yaml is read by the run (a manifest): taken by its content.
	step("unrelated file added", 6, 0, "FL202@charts/app/templates/sa.yaml", "FL101@infra/main.tf", "FL201@k8s/sa.yaml")

	write(t, root, map[string]string{"infra/main.tf": strings.Replace(ignoreTree["infra/main.tf"], "FL101", "FL102", 1)})
	step("an ignore edited in place", 5, 1, "FL202@charts/app/templates/sa.yaml", "FL102@infra/main.tf", "FL201@k8s/sa.yaml")

	write(t, root, map[string]string{"charts/app/templates/cm.yaml": "{{/* faultline:ignore FL203 also */}}\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: app\n"})
	step("a template added", 6, 1, "FL203@charts/app/templates/cm.yaml", "FL202@charts/app/templates/sa.yaml", "FL102@infra/main.tf", "FL201@k8s/sa.yaml")

	write(t, root, map[string]string{"k8s/sa.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: web\n"})
	step("an ignore removed", 6, 1, "FL203@charts/app/templates/cm.yaml", "FL202@charts/app/templates/sa.yaml", "FL102@infra/main.tf")

	// A manifest the run reads: taken by its content, scanned when it
	// changed.
	write(t, root, map[string]string{"apps/web.yaml": "# faultline:ignore FL204 plain\napiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: plain\n"})
	step("a manifest added", 7, 1, "FL204@apps/web.yaml", "FL203@charts/app/templates/cm.yaml", "FL202@charts/app/templates/sa.yaml", "FL102@infra/main.tf")
	write(t, root, map[string]string{"apps/web.yaml": "# faultline:ignore FL205 plain\napiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: plain\n"})
	step("a manifest's ignore edited", 7, 1, "FL205@apps/web.yaml", "FL203@charts/app/templates/cm.yaml", "FL202@charts/app/templates/sa.yaml", "FL102@infra/main.tf")

	// A file that becomes a chart template is scanned as one: its template
	// comment is no YAML ignore.
	write(t, root, map[string]string{"late/templates/cm.yaml": "# {{/* faultline:ignore FL206 late */}}\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: late\n"})
	step("a file under templates/", 8, 1, "FL205@apps/web.yaml", "FL203@charts/app/templates/cm.yaml", "FL202@charts/app/templates/sa.yaml", "FL102@infra/main.tf")
	write(t, root, map[string]string{"late/Chart.yaml": "apiVersion: v2\nname: late\nversion: 0.1.0\n"})
	step("it becomes a chart's template", 8, 2, "FL205@apps/web.yaml", "FL203@charts/app/templates/cm.yaml", "FL202@charts/app/templates/sa.yaml", "FL102@infra/main.tf", "FL206@late/templates/cm.yaml")

	garbleIgnoreScan(t, c, opts)
	write(t, root, map[string]string{"notes.txt": "changed\n"})
	step("scan entry damaged", 0, 10, "FL205@apps/web.yaml", "FL203@charts/app/templates/cm.yaml", "FL202@charts/app/templates/sa.yaml", "FL102@infra/main.tf", "FL206@late/templates/cm.yaml")
}

// garbleIgnoreScan replaces the tree's stored ignore scan with a payload
// that does not decode.
func garbleIgnoreScan(t *testing.T, c *Cache, opts Options) {
	t.Helper()
	r, err := newRun(opts)
	if err != nil {
		t.Fatal(err)
	}
	u, err := newKeptUnits(c, opts, r)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.Store.Get(u.IgnoreScanKey()); !ok {
		t.Fatal("no stored ignore scan: the step proves nothing")
	}
	if err := c.Store.Put(u.IgnoreScanKey(), []byte("garbage")); err != nil {
		t.Fatal(err)
	}
}
