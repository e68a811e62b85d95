package kustomize

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
)

// testdata is the absolute scan root of the fixtures.
func testdata(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("testdata")
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// fakeHelm renders every chart as one EC2NodeClass named after the release,
// with the role from the inline values.
func fakeHelm(c HelmChart) ([]byte, error) {
	return []byte(fmt.Sprintf(`apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: %s
spec:
  role: %v
  amiSelectorTerms:
    - alias: bottlerocket@latest
`, c.ReleaseName, c.ValuesInline["role"])), nil
}

func render(t *testing.T, overlay string, helm HelmRenderer) (Rendered, []lint.Diagnostic, []lint.Note) {
	t.Helper()
	root := testdata(t)
	return Render(filepath.Join(root, filepath.FromSlash(overlay)), Options{ScanRoot: root, Helm: helm})
}

// object finds the rendered object of a kind and name.
func object(t *testing.T, content []byte, kind, name string) *yaml.Node {
	t.Helper()
	docs, ok := pluginDocs(content)
	if !ok {
		t.Fatalf("rendered output does not parse:\n%s", content)
	}
	for _, d := range docs {
		root := docRoot(d)
		if str(get(root, "kind")) == kind && str(get(get(root, "metadata"), "name")) == name {
			return root
		}
	}
	t.Fatalf("no %s %s in rendered output:\n%s", kind, name, content)
	return nil
}

// at returns the key and value nodes at a dotted path ("spec.role",
// "spec.amiSelectorTerms.0.alias").
func at(t *testing.T, n *yaml.Node, p string) (k, v *yaml.Node) {
	t.Helper()
	v = n
	for _, part := range strings.Split(p, ".") {
		if v.Kind == yaml.SequenceNode {
			var i int
			fmt.Sscan(part, &i)
			k, v = nil, v.Content[i]
			continue
		}
		k, v = getPair(v, part)
		if v == nil {
			t.Fatalf("no %s in rendered object", p)
		}
	}
	return k, v
}

// span is the rendered range of a node, as parsers/kube would pass it.
func span(n *yaml.Node) lint.Range {
	return lint.Range{File: "rendered", Line: n.Line, Column: n.Column, EndLine: n.Line, EndColumn: n.Column + utf8.RuneCountInString(n.Value)}
}

type want struct {
	file      string
	line, col int
}

func (w want) check(t *testing.T, what string, got lint.Range) {
	t.Helper()
	if got.File != w.file || got.Line != w.line || (w.col != 0 && got.Column != w.col) {
		t.Errorf("%s maps to %s:%d:%d, want %s:%d:%d", what, got.File, got.Line, got.Column, w.file, w.line, w.col)
	}
}

// mapped checks where the value (and key) at a path of a rendered object
// map to.
func mapped(t *testing.T, r Rendered, kind, name, p, value string, val, key want) {
	t.Helper()
	obj := object(t, r.Content, kind, name)
	k, v := at(t, obj, p)
	if v.Value != value {
		t.Errorf("%s %s %s = %q, want %q", kind, name, p, v.Value, value)
	}
	val.check(t, kind+" "+p+" value", r.Map(span(v), v.Value))
	if key.file != "" && k != nil {
		key.check(t, kind+" "+p+" key", r.Map(span(k), ""))
	}
}

func clean(t *testing.T, r Rendered, diags []lint.Diagnostic, notes []lint.Note) {
	t.Helper()
	if len(diags) > 0 || len(notes) > 0 {
		t.Fatalf("unexpected diagnostics %+v, notes %+v", diags, notes)
	}
	if len(r.Content) == 0 {
		t.Fatal("nothing rendered")
	}
}

func TestStrategicMergePatchRole(t *testing.T) {
	r, diags, notes := render(t, "overlays/prod", nil)
	clean(t, r, diags, notes)
	if r.Root != "overlays/prod" {
		t.Errorf("Root = %q", r.Root)
	}
	mapped(t, r, "EC2NodeClass", "default", "spec.role", "KarpenterNodeRole-prod",
		want{"overlays/prod/role-patch.yaml", 6, 9}, want{"overlays/prod/role-patch.yaml", 6, 3})
	// Untouched fields map to the base.
	mapped(t, r, "EC2NodeClass", "default", "spec.amiSelectorTerms.0.alias", "al2023@latest",
		want{"base/ec2nodeclass.yaml", 8, 14}, want{"base/ec2nodeclass.yaml", 8, 7})
	mapped(t, r, "NodePool", "default", "spec.template.spec.nodeClassRef.name", "default",
		want{"base/nodepool.yaml", 11, 15}, want{})
	mapped(t, r, "NodePool", "default", "spec.template.spec.requirements.0.values.0", "on-demand",
		want{"base/nodepool.yaml", 15, 20}, want{})
	// Values the overlay's kustomization sets map to it.
	mapped(t, r, "EC2NodeClass", "default", "metadata.namespace", "karpenter",
		want{"overlays/prod/kustomization.yaml", 3, 12}, want{})
	mapped(t, r, "EC2NodeClass", "default", "metadata.labels.env", "prod",
		want{"overlays/prod/kustomization.yaml", 10, 12}, want{})
	// The object itself maps to its kind line in the base.
	obj := object(t, r.Content, "EC2NodeClass", "default")
	k, _ := at(t, obj, "kind")
	want{"base/ec2nodeclass.yaml", 2, 1}.check(t, "kind", r.Map(span(k), ""))
}

func TestJSON6902PatchRole(t *testing.T) {
	r, diags, notes := render(t, "overlays/staging", nil)
	clean(t, r, diags, notes)
	mapped(t, r, "EC2NodeClass", "staging-default", "spec.role", "KarpenterNodeRole-staging",
		want{"overlays/staging/role-json6902.yaml", 3, 10}, want{"overlays/staging/role-json6902.yaml", 3, 3})
	// A field added under a new mapping maps into the op's value.
	mapped(t, r, "EC2NodeClass", "staging-default", "spec.tags.team", "platform",
		want{"overlays/staging/role-json6902.yaml", 7, 11}, want{})
	// The prefixed name maps to the name in the base.
	mapped(t, r, "EC2NodeClass", "staging-default", "metadata.name", "staging-default",
		want{"base/ec2nodeclass.yaml", 4, 9}, want{})
}

func TestInlineJSON6902PatchRole(t *testing.T) {
	r, diags, notes := render(t, "overlays/dev", nil)
	clean(t, r, diags, notes)
	mapped(t, r, "EC2NodeClass", "default", "spec.role", "KarpenterNodeRole-dev",
		want{"overlays/dev/kustomization.yaml", 12, 16}, want{})
}

func TestLegacyFields(t *testing.T) {
	r, diags, notes := render(t, "overlays/legacy", nil)
	clean(t, r, diags, notes)
	mapped(t, r, "EC2NodeClass", "default", "spec.role", "KarpenterNodeRole-legacy",
		want{"overlays/legacy/role.yaml", 6, 9}, want{})
}

func TestComponent(t *testing.T) {
	r, diags, notes := render(t, "overlays/spot", nil)
	clean(t, r, diags, notes)
	mapped(t, r, "NodePool", "default", "spec.template.spec.requirements.0.values.0", "spot",
		want{"components/spot/spot.yaml", 11, 20}, want{})
	mapped(t, r, "EC2NodeClass", "default", "spec.role", "KarpenterNodeRole-base",
		want{"base/ec2nodeclass.yaml", 6, 9}, want{})
}

func TestRemoteResourcesRemoved(t *testing.T) {
	r, diags, notes := render(t, "overlays/remote", nil)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %+v", diags)
	}
	if len(notes) != 3 {
		t.Fatalf("notes = %+v, want 3", notes)
	}
	for i, n := range notes {
		if n.Kind != lint.Skipped || n.Range.File != "overlays/remote/kustomization.yaml" || n.Range.Line != 5+i ||
			!strings.HasPrefix(n.What, "remote kustomize resource ") || !strings.HasSuffix(n.What, " not fetched") {
			t.Errorf("note %d = %+v", i, n)
		}
	}
	mapped(t, r, "EC2NodeClass", "default", "spec.role", "KarpenterNodeRole-base",
		want{"base/ec2nodeclass.yaml", 6, 9}, want{})
}

func TestHelmCharts(t *testing.T) {
	var got []HelmChart
	helm := func(c HelmChart) ([]byte, error) {
		got = append(got, c)
		return fakeHelm(c)
	}
	r, diags, notes := render(t, "overlays/helm", helm)
	clean(t, r, diags, notes)
	if len(got) != 1 {
		t.Fatalf("charts = %+v", got)
	}
	c := got[0]
	home := filepath.Join(testdata(t), "overlays", "helm", "charts")
	if c.Name != "karpenter-nodeclass" || c.Repo != "https://charts.example.com" || c.Version != "1.2.3" ||
		c.ReleaseName != "nodes" || c.Namespace != "karpenter" || c.ChartHome != home || c.ValuesInline["role"] != "KarpenterNodeRole-helm" {
		t.Errorf("chart = %+v", c)
	}
	// The overlay's patch applies to the chart's output.
	mapped(t, r, "EC2NodeClass", "nodes", "spec.role", "KarpenterNodeRole-helm-patched",
		want{"overlays/helm/role-patch.yaml", 6, 9}, want{})
	// Anything else the chart wrote maps to the chart entry.
	mapped(t, r, "EC2NodeClass", "nodes", "spec.amiSelectorTerms.0.alias", "bottlerocket@latest",
		want{"overlays/helm/kustomization.yaml", 5, 11}, want{})
	if strings.Contains(string(r.Content), "config.kubernetes.io/origin") {
		t.Errorf("origin annotations left in output:\n%s", r.Content)
	}
}

func TestHelmChartsWithoutRenderer(t *testing.T) {
	r, diags, notes := render(t, "overlays/helm", nil)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %+v", diags)
	}
	// The chart is skipped; the patch on its output then has nothing to
	// patch, which is coverage, not an input error.
	if len(notes) != 2 || !strings.Contains(notes[0].What, "karpenter-nodeclass@1.2.3 not rendered") || notes[0].Range.Line != 5 {
		t.Fatalf("notes = %+v", notes)
	}
	if len(r.Content) != 0 {
		t.Errorf("rendered %s", r.Content)
	}
}

func TestHelmChartUnavailable(t *testing.T) {
	helm := func(HelmChart) ([]byte, error) {
		return nil, fmt.Errorf("remote chart https://charts.example.com/karpenter-nodeclass: %w", ErrChartUnavailable)
	}
	_, diags, notes := render(t, "overlays/helm", helm)
	if len(diags) > 0 || len(notes) == 0 || notes[0].Kind != lint.Skipped {
		t.Fatalf("diags %+v notes %+v", diags, notes)
	}
	broken := func(HelmChart) ([]byte, error) { return nil, errors.New("template: boom") }
	_, diags, _ = render(t, "overlays/helm", broken)
	if len(diags) == 0 || diags[0].Summary != "Cannot render Helm chart" || diags[0].Range.Line != 5 {
		t.Fatalf("diags %+v", diags)
	}
}

func TestMissingResource(t *testing.T) {
	r, diags, _ := render(t, "overlays/broken", nil)
	if len(diags) != 1 {
		t.Fatalf("diags = %+v", diags)
	}
	d := diags[0]
	if d.Range.File != "overlays/broken/kustomization.yaml" || d.Range.Line != 5 || d.Range.Column != 5 ||
		!strings.Contains(d.Detail, "missing.yaml") {
		t.Errorf("diag = %+v", d)
	}
	if len(r.Content) != 0 {
		t.Errorf("rendered %s", r.Content)
	}
}

func TestKrustyError(t *testing.T) {
	_, diags, _ := render(t, "overlays/badpatch", nil)
	if len(diags) != 1 {
		t.Fatalf("diags = %+v", diags)
	}
	d := diags[0]
	// krusty's error names the object the patch wants; it lands on the
	// patch entry.
	if d.Range.File != "overlays/badpatch/kustomization.yaml" || d.Range.Line != 6 || !strings.Contains(d.Detail, "gpu") {
		t.Errorf("diag = %+v", d)
	}
}

func TestFind(t *testing.T) {
	root := testdata(t)
	var dirs []string
	for _, d := range []string{"base", "components/spot", "overlays/prod", "overlays/staging", "overlays/spot", "overlays/remote"} {
		dirs = append(dirs, filepath.Join(root, filepath.FromSlash(d)))
	}
	roots, owned := Find(dirs)
	var rel []string
	for _, r := range roots {
		x, _ := filepath.Rel(root, r)
		rel = append(rel, filepath.ToSlash(x))
	}
	if want := []string{"overlays/prod", "overlays/remote", "overlays/spot", "overlays/staging"}; !slices.Equal(rel, want) {
		t.Errorf("roots = %v, want %v", rel, want)
	}
	for _, f := range []string{
		"base/kustomization.yaml", "base/ec2nodeclass.yaml", "base/nodepool.yaml",
		"overlays/prod/kustomization.yaml", "overlays/prod/role-patch.yaml",
		"overlays/staging/role-json6902.yaml", "components/spot/spot.yaml",
	} {
		if !owned[filepath.Join(root, filepath.FromSlash(f))] {
			t.Errorf("%s not owned", f)
		}
	}
	for f := range owned {
		if !strings.HasPrefix(f, root) {
			t.Errorf("owned %s outside the fixtures", f)
		}
	}
}

func TestStaysInScanRoot(t *testing.T) {
	tmp := t.TempDir()
	scan := filepath.Join(tmp, "repo")
	write := func(p, s string) {
		t.Helper()
		p = filepath.Join(tmp, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("secret.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: outside\n")
	write("repo/link/kustomization.yaml", "resources:\n  - secret.yaml\n")
	if err := os.Symlink(filepath.Join(tmp, "secret.yaml"), filepath.Join(scan, "link", "secret.yaml")); err != nil {
		t.Skip("symlinks not supported:", err)
	}
	write("repo/up/kustomization.yaml", "resources:\n  - ../../outside\n")
	for _, dir := range []string{"link", "up"} {
		r, diags, notes := Render(filepath.Join(scan, dir), Options{ScanRoot: scan})
		if len(diags) != 0 || len(notes) != 1 || notes[0].Range.Line != 2 || !strings.Contains(notes[0].What, "outside the scanned tree") {
			t.Errorf("%s: diags = %+v, notes = %+v", dir, diags, notes)
		}
		if bytes.Contains(r.Content, []byte("outside")) {
			t.Errorf("%s: rendered a file outside the scan root", dir)
		}
	}
}

func TestHelmGeneratorConfig(t *testing.T) {
	tmp := t.TempDir()
	k := `resources:
  - nodeclass.yaml
generators:
  - chart.yaml
transformers:
  - |-
    apiVersion: builtin
    kind: HelmChartInflationGenerator
    metadata:
      name: sneaky
    name: other
`
	chart := `apiVersion: builtin
kind: HelmChartInflationGenerator
metadata:
  name: nodes
name: karpenter-nodeclass
releaseName: gen
valuesInline:
  role: KarpenterNodeRole-gen
`
	nc := "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: local\nspec:\n  role: KarpenterNodeRole-local\n  amiSelectorTerms:\n    - alias: al2023@latest\n"
	for name, s := range map[string]string{"kustomization.yaml": k, "chart.yaml": chart, "nodeclass.yaml": nc} {
		if err := os.WriteFile(filepath.Join(tmp, name), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var charts []string
	helm := func(c HelmChart) ([]byte, error) {
		charts = append(charts, c.Name)
		return fakeHelm(c)
	}
	r, diags, notes := Render(tmp, Options{ScanRoot: tmp, Helm: helm})
	if len(diags) > 0 {
		t.Fatalf("diags %+v", diags)
	}
	if !slices.Equal(charts, []string{"karpenter-nodeclass"}) {
		t.Errorf("charts rendered = %v", charts)
	}
	if len(notes) != 1 || !strings.Contains(notes[0].What, "HelmChartInflationGenerator") || notes[0].Range.Line != 6 {
		t.Errorf("notes = %+v", notes)
	}
	object(t, r.Content, "EC2NodeClass", "gen")
	mapped(t, r, "EC2NodeClass", "local", "spec.role", "KarpenterNodeRole-local", want{"nodeclass.yaml", 6, 9}, want{})
}

func TestIsRemote(t *testing.T) {
	for s, want := range map[string]bool{
		"../base":                            false,
		"nodeclass.yaml":                     false,
		"github.com/org/repo//dir?ref=v1":    true,
		"GitHub.com:org/repo":                true,
		"git@gitlab.com:org/repo.git":        true,
		"https://example.com/x.yaml":         true,
		"git::https://example.com/repo":      true,
		"ssh://git@example.com/repo":         true,
		"file:///tmp/repo":                   true,
		"gitlab.com/org/repo?ref=main":       true,
		"http:example":                       true,
		"dir/with@sign/x.yaml":               false,
		"example.com/org/repo":               false,
		"https://dev.azure.com/org/_git/rep": true,
	} {
		if got := isRemote(s); got != want {
			t.Errorf("isRemote(%q) = %v, want %v", s, got, want)
		}
	}
}

func TestBrokenInputs(t *testing.T) {
	tmp := t.TempDir()
	for name, s := range map[string]string{
		"syntax/kustomization.yaml":    "resources:\n  - x.yaml\n  bad: [\n",
		"malformed/kustomization.yaml": "resources:\n  - x.yaml\n",
		"malformed/x.yaml":             "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\ndata: [\n",
		// The second document breaks: krusty counts its line from the
		// document's start, the file's line is 10.
		"second/kustomization.yaml": "resources:\n  - two.yaml\n",
		"second/two.yaml":           "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: one\n---\napiVersion: v1\nkind: ConfigMap\ndata:\n  a: b\n    c: d\n",
		"nokust/kustomization.yaml": "resources:\n  - ../plain\n",
		"plain/x.yaml":              "a: b\n",
	} {
		p := filepath.Join(tmp, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for dir, w := range map[string]want{
		"syntax":    {"syntax/kustomization.yaml", 3, 1}, // the key that ends the list
		"malformed": {"malformed/x.yaml", 6, 1},
		"second":    {"second/two.yaml", 10, 5},
		"nokust":    {"nokust/kustomization.yaml", 2, 5},
	} {
		_, diags, _ := Render(filepath.Join(tmp, dir), Options{ScanRoot: tmp})
		if len(diags) != 1 {
			t.Errorf("%s: diags = %+v", dir, diags)
			continue
		}
		w.check(t, dir, diags[0].Range)
		if strings.Contains(diags[0].Detail, tmp) {
			t.Errorf("%s: detail names absolute paths: %s", dir, diags[0].Detail)
		}
	}
}

func TestRelAndConcurrentMap(t *testing.T) {
	root := testdata(t)
	rel := func(abs string) string {
		r, _ := filepath.Rel(filepath.Dir(root), abs)
		return filepath.ToSlash(r)
	}
	r, diags, notes := Render("overlays/prod", Options{ScanRoot: root, Rel: rel})
	clean(t, r, diags, notes)
	if r.Root != "testdata/overlays/prod" {
		t.Errorf("Root = %q", r.Root)
	}
	obj := object(t, r.Content, "EC2NodeClass", "default")
	_, v := at(t, obj, "spec.role")
	done := make(chan lint.Range)
	for range 8 {
		go func() { done <- r.Map(span(v), v.Value) }()
	}
	for range 8 {
		want{"testdata/overlays/prod/role-patch.yaml", 6, 9}.check(t, "role", <-done)
	}
}

// FindBuilds picks FindIn's roots, and marks a root whose build reaches
// an `openapi` field (in a base: the build replaces kyaml's schema) to
// run alone, and one whose build reaches a remote entry (in a base or a
// Component) as remote; the others are neither. BuildOnDisk builds a root
// straight from the disk as kustomize does, and refuses one whose build
// fails.
func TestFindBuilds(t *testing.T) {
	root := writeFiles(t, map[string]string{
		"base/kustomization.yaml":            "resources:\n  - cm.yaml\n",
		"base/cm.yaml":                       "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  a: b\n",
		"schema/kustomization.yaml":          "openapi:\n  path: schema.json\nresources:\n  - ../base\n",
		"remote-base/kustomization.yaml":     "resources:\n  - github.com/example/apps//web?ref=v1\n",
		"comp/kustomization.yaml":            "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nresources:\n  - https://example.org/cm.yaml\n",
		"overlays/plain/kustomization.yaml":  "namePrefix: plain-\nresources:\n  - ../../base\n",
		"overlays/schema/kustomization.yaml": "resources:\n  - ../../schema\n",
		"overlays/remote/kustomization.yaml": "resources:\n  - ../../remote-base\n",
		"overlays/comp/kustomization.yaml":   "resources:\n  - ../../base\ncomponents:\n  - ../../comp\n",
		"overlays/broken/kustomization.yaml": "resources:\n  - nothing-here.yaml\n",
	})
	var dirs []string
	for _, d := range []string{"base", "schema", "remote-base", "comp", "overlays/plain", "overlays/schema", "overlays/remote", "overlays/comp", "overlays/broken"} {
		dirs = append(dirs, filepath.Join(root, filepath.FromSlash(d)))
	}
	tree := treefs.New([]string{root}, root)
	roots, _ := FindIn(tree, dirs)
	builds := FindBuilds(tree, dirs)
	got := map[string]Build{}
	var dirsOf []string
	for _, b := range builds {
		dirsOf = append(dirsOf, b.Dir)
		rel, _ := filepath.Rel(root, b.Dir)
		got[filepath.ToSlash(rel)] = b
	}
	if !slices.Equal(dirsOf, roots) {
		t.Errorf("FindBuilds %v, FindIn %v", dirsOf, roots)
	}
	for name, want := range map[string][2]bool{
		"overlays/plain": {false, false}, "overlays/schema": {true, false},
		"overlays/remote": {false, true}, "overlays/comp": {false, true}, "overlays/broken": {false, false},
	} {
		b, ok := got[name]
		if !ok {
			t.Errorf("%s is no root: %+v", name, builds)
			continue
		}
		if b.Alone != want[0] || b.Remote != want[1] {
			t.Errorf("%s: alone %v remote %v, want %v %v", name, b.Alone, b.Remote, want[0], want[1])
		}
	}
	if len(got) != 5 {
		t.Errorf("roots %v, want the five overlays", dirsOf)
	}
	out, err := BuildOnDisk(filepath.Join(root, "overlays/plain"), false)
	if err != nil || !strings.Contains(string(out), "name: plain-settings") {
		t.Errorf("plain overlay: %v\n%s", err, out)
	}
	if _, err := BuildOnDisk(filepath.Join(root, "overlays/broken"), false); err == nil || !strings.Contains(err.Error(), "nothing-here.yaml") {
		t.Errorf("broken overlay: %v, want krusty's error naming the missing file", err)
	}
}

// A remote chart the renderer cannot inflate is handed back with the
// namespace the build gives its objects — the outermost overlay's — and
// leaves nothing of its own in the output; a build that fails without it
// notes it instead.
func TestRemoteChartNamespace(t *testing.T) {
	files := map[string]string{
		"base/kustomization.yaml": "helmCharts:\n  - name: web\n    repo: https://charts.example.com\n    namespace: web\n  - name: local-only\nresources: [config.yaml]\n",
		"base/config.yaml":        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n",
		"mid/kustomization.yaml":  "namespace: middle\nresources: [../base]\n",
		"top/kustomization.yaml":  "namespace: shop\nresources: [../mid]\n",
		"bare/kustomization.yaml": "resources: [../base]\n",
		"bad/kustomization.yaml":  "resources: [../base]\npatches:\n  - path: replicas.yaml\n",
		"bad/replicas.yaml":       "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\n  namespace: web\nspec:\n  replicas: 2\n",
	}
	tmp := writeFiles(t, files)
	for root, want := range map[string]string{"top": "shop", "bare": "web", "base": "web"} {
		r, diags, notes := Render(filepath.Join(tmp, root), Options{ScanRoot: tmp, Helm: unavailableChart})
		if len(diags) != 0 {
			t.Fatalf("%s: diagnostics %v", root, diags)
		}
		wantFile, wantDir := "../base/kustomization.yaml", "../base"
		if root == "base" {
			wantFile, wantDir = "kustomization.yaml", "."
		}
		if len(r.Remote) != 1 || r.Remote[0] != (RemoteChart{File: wantFile, Dir: wantDir, Field: "helmCharts", Index: 0, Namespace: want}) {
			t.Errorf("%s: remote charts %+v, want web's entry in namespace %s", root, r.Remote, want)
		}
		// The chart without a repository is the one note.
		if len(notes) != 1 || !strings.Contains(notes[0].What, "local-only not rendered") {
			t.Errorf("%s: notes %v", root, notes)
		}
		if strings.Contains(string(r.Content), remoteKind) || !strings.Contains(string(r.Content), "name: settings") {
			t.Errorf("%s: output\n%s", root, r.Content)
		}
	}
	r, diags, notes := Render(filepath.Join(tmp, "bad"), Options{ScanRoot: tmp, Helm: unavailableChart})
	if len(diags) != 0 || len(r.Remote) != 0 || len(notes) != 3 || !slices.ContainsFunc(notes, func(n lint.Note) bool {
		return strings.Contains(n.What, "chart https://charts.example.com/web not rendered")
	}) {
		t.Errorf("a build that fails without the chart: diagnostics %v, remote %v, notes %v", diags, r.Remote, notes)
	}
}

// A remote chart a generator file configures is handed back by the file
// and document that configure it, with the kustomization's directory its
// values are found from; inline generator YAML is noted, not modelled.
func TestRemoteChartOfGeneratorFile(t *testing.T) {
	files := map[string]string{
		"app/kustomization.yaml": "generators:\n  - gen/charts.yaml\n  - |\n    apiVersion: builtin\n    kind: HelmChartInflationGenerator\n    metadata:\n      name: inline\n    name: inline\n    repo: https://charts.example.com\n",
		"app/gen/charts.yaml":    "apiVersion: builtin\nkind: ConfigMapGenerator\nmetadata:\n  name: settings\nliterals: [a=b]\n---\napiVersion: builtin\nkind: HelmChartInflationGenerator\nmetadata:\n  name: web\nname: web\nrepo: https://charts.example.com\nnamespace: shop\n",
	}
	tmp := writeFiles(t, files)
	r, diags, notes := Render(filepath.Join(tmp, "app"), Options{ScanRoot: tmp, Helm: unavailableChart})
	if len(diags) != 0 {
		t.Fatalf("diagnostics %v", diags)
	}
	want := RemoteChart{File: "gen/charts.yaml", Dir: ".", Field: "", Index: 1, Namespace: "shop"}
	if len(r.Remote) != 1 || r.Remote[0] != want {
		t.Errorf("remote charts %+v, want %+v", r.Remote, want)
	}
	if !slices.ContainsFunc(notes, func(n lint.Note) bool { return strings.Contains(n.What, "inline not rendered") }) {
		t.Errorf("notes %v, want one for the inline generator's chart", notes)
	}
}

// unavailableChart is a HelmRenderer that finds no chart offline.
func unavailableChart(c HelmChart) ([]byte, error) {
	return nil, fmt.Errorf("chart %s: %w", c.Name, ErrChartUnavailable)
}
