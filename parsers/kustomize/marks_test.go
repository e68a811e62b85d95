package kustomize

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
)

// sameRender renders dir under root marked and with origin annotations and
// reports differences: the output, the diagnostics and notes, and where
// every key and value of the output maps to. It returns whether the marked
// build was final.
func sameRender(t *testing.T, root, dir string) bool {
	t.Helper()
	tree := treefs.New([]string{root}, root)
	opts := Options{ScanRoot: root, Tree: tree, Helm: fakeHelm}
	got, gdiags, gnotes, final := renderOnce(dir, opts, true)
	if !final {
		return false
	}
	want, wdiags, wnotes, _ := renderOnce(dir, opts, false)
	if string(got.Content) != string(want.Content) {
		t.Errorf("%s: marked output differs:\n%s\nwith origin annotations:\n%s", dir, got.Content, want.Content)
		return true
	}
	if !reflect.DeepEqual(gdiags, wdiags) || !reflect.DeepEqual(gnotes, wnotes) {
		t.Errorf("%s: marked diagnostics %+v notes %+v, with origin annotations %+v %+v", dir, gdiags, gnotes, wdiags, wnotes)
	}
	docs, _ := pluginDocs(got.Content)
	for _, d := range docs {
		eachNode(d, func(n *yaml.Node) {
			r := lint.Range{File: "rendered", Line: n.Line, Column: n.Column, EndLine: n.Line, EndColumn: n.Column + 1}
			text := ""
			if n.Kind == yaml.ScalarNode {
				text = n.Value
			}
			if g, w := got.Map(r, text), want.Map(r, text); g != w {
				t.Errorf("%s: %d:%d %q maps to %v marked, %v with origin annotations", dir, n.Line, n.Column, text, g, w)
			}
		})
	}
	return true
}

// eachNode calls f on n and every node below it.
func eachNode(n *yaml.Node, f func(*yaml.Node)) {
	f(n)
	for _, c := range n.Content {
		eachNode(c, f)
	}
}

// A marked build renders what a build with origin annotations renders and
// maps every position the same way, on the package's fixtures, on a
// generated tree of shared bases (with generators in bases and in a
// component, generators replacing generated and written objects, a
// chart, and patches), and on the real repositories under
// FAULTLINE_CORPUS when it is set.
func TestMarkedBuildMatchesOriginAnnotations(t *testing.T) {
	gen := t.TempDir()
	sharedTree{apps: 2, clusters: 1, envs: []string{"dev", "prod"}}.write(t, gen)
	files(t, gen, map[string]string{
		"components/team/kustomization.yaml": "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nlabels:\n  - pairs:\n      team: platform\npatches:\n  - path: sa-annotation.yaml\n    target:\n      kind: ServiceAccount\nconfigMapGenerator:\n  - name: team\n    literals:\n      - OWNER=platform\n",
		"annotated/kustomization.yaml":       "resources:\n  - c.yaml\npatches:\n  - target:\n      kind: ConfigMap\n    patch: |\n      - op: add\n        path: /metadata/annotations/x\n        value: y\n",
		"annotated/c.yaml":                   "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\n  annotations: {}\n  labels:\n    n: 1\ndata:\n  a: b\n",
		"replacing/kustomization.yaml":       "resources:\n  - ../bases/app0\n  - plain.yaml\nconfigMapGenerator:\n  - name: settings0\n    behavior: replace\n    literals:\n      - LOG_LEVEL=debug\n  - name: plain\n    behavior: replace\n    literals:\n      - x=y\n",
		"replacing/plain.yaml":               "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: plain\n  annotations:\n    keep: me\ndata:\n  a: b\n",
		"charted/kustomization.yaml":         "resources:\n  - ../bases/app0\nhelmCharts:\n  - name: nodeclass\n    releaseName: gpu\n    valuesInline:\n      role: KarpenterNodeRole-gpu\nsecretGenerator:\n  - name: token\n    literals:\n      - TOKEN=x\n",
	})
	trees := append([]string{testdata(t), gen}, corpusTrees()...)
	marked, all := 0, 0
	for _, root := range trees {
		for _, dir := range kustomizationDirs(t, root) {
			all++
			if sameRender(t, root, dir) {
				marked++
			}
		}
	}
	t.Logf("%d of %d kustomizations built marked", marked, all)
	if marked < all/2 {
		t.Errorf("only %d of %d kustomizations built marked", marked, all)
	}
}

// Where marks could say something else than origin annotations, the build
// runs with origin annotations: each case falls back, and renders the same.
func TestMarkedBuildFallsBack(t *testing.T) {
	res := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: c\ndata:\n  a: b\n"
	for name, fs := range map[string]map[string]string{
		"buildMetadata":  {"kustomization.yaml": "resources:\n  - c.yaml\nbuildMetadata: [managedByLabel]\n", "c.yaml": res},
		"merge behavior": {"kustomization.yaml": "resources:\n  - c.yaml\nconfigMapGenerator:\n  - name: c\n    behavior: merge\n    literals: [x=y]\n", "c.yaml": res},
		"flow document":  {"kustomization.yaml": "resources:\n  - c.json\n", "c.json": `{"apiVersion": "v1", "kind": "ConfigMap", "metadata": {"name": "c"}}`},
		"also a patch":   {"kustomization.yaml": "resources:\n  - c.yaml\npatches:\n  - path: c.yaml\n", "c.yaml": res},
		"needs hash":     {"kustomization.yaml": "resources:\n  - c.yaml\n", "c.yaml": strings.Replace(res, "name: c\n", "name: c\n  annotations:\n    kustomize.config.k8s.io/needs-hash: \"true\"\n", 1)},
		"list":           {"kustomization.yaml": "resources:\n  - l.yaml\n", "l.yaml": "apiVersion: v1\nkind: List\nitems:\n  - " + strings.ReplaceAll(res, "\n", "\n    ") + "\n"},
	} {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			files(t, root, fs)
			tree := treefs.New([]string{root}, root)
			opts := Options{ScanRoot: root, Tree: tree}
			if _, _, _, final := renderOnce(root, opts, true); final {
				t.Error("the marked build was final")
			}
			got, gd, gn := Render(root, opts)
			want, wd, wn, _ := renderOnce(root, opts, false)
			if string(got.Content) != string(want.Content) || fmt.Sprint(gd, gn) != fmt.Sprint(wd, wn) {
				t.Errorf("Render:\n%s%v %v\nwith origin annotations:\n%s%v %v", got.Content, gd, gn, want.Content, wd, wn)
			}
		})
	}
}
