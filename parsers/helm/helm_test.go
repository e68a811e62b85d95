package helm

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/helm/chartrender"
	"github.com/faultline-dev/faultline/parsers/kube"
)

// TestMain lets the test binary serve as the child renderer, as
// faultline-render does, and renders in process where a test gives no
// renderer (this package does not link Helm's engine; its tests do).
func TestMain(m *testing.M) {
	ServeIfChild(chartrender.Render)
	defaultRenderer = chartrender.InProcess{}
	os.Exit(m.Run())
}

// child is the bounded renderer the tests use: this test binary, with a
// CPU limit.
func child(cpu time.Duration) Child {
	exe, err := os.Executable()
	if err != nil {
		panic(err)
	}
	c := NewChild(exe)
	c.CPULimit, c.MemoryLimit = cpu, 256<<20
	return c
}

// fixture copies testdata/name into a temporary scan root.
func fixture(t *testing.T, name string) string {
	t.Helper()
	root := t.TempDir()
	src := filepath.Join("testdata", name)
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		dst := filepath.Join(root, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(dst, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// options are the Options of a scan of root, with display paths relative
// to it.
func options(root string, h *lint.Holes) Options {
	return Options{
		Roots: []string{root},
		Rel: func(abs string) string {
			r, err := filepath.Rel(root, abs)
			if err != nil {
				return abs
			}
			return filepath.ToSlash(r)
		},
		Holes: h,
	}
}

// yamlFiles lists the .yaml files of a tree, as discovery would.
func yamlFiles(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".tgz")) {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// findReleases runs a Finder over every YAML file of root.
func findReleases(t *testing.T, root string, opts Options) ([]*lint.Release, []lint.Diagnostic, []lint.Note) {
	t.Helper()
	f := NewFinder(opts)
	for _, p := range yamlFiles(t, root) {
		if !strings.HasSuffix(p, ".yaml") {
			continue
		}
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f.Add(opts.Rel(p), p, data, lint.Scope{})
	}
	return f.Releases()
}

// parse reads every rendered manifest with parsers/kube as the engine
// does.
func parse(out Output, h *lint.Holes) ([]lint.Entity, []lint.Diagnostic) {
	var es []lint.Entity
	var ds []lint.Diagnostic
	for _, r := range out.Rendered {
		e, d := kube.Parse(r.Name, r.Content, kube.Options{
			Scope: r.Scope, Holes: h, Source: lint.SourceHelm, Inferred: r.Inferred,
			MapRange: r.Map, MapDiagnostic: r.MapDiagnostic,
		})
		es = append(es, e...)
		ds = append(ds, d...)
	}
	return es, ds
}

// nodeClasses returns the rendered EC2NodeClasses by their release name.
func nodeClasses(t *testing.T, out Output, es []lint.Entity) map[string]*lint.NodeClass {
	t.Helper()
	got := map[string]*lint.NodeClass{}
	for _, e := range es {
		if nc, ok := e.(*lint.NodeClass); ok && nc.KindName == "EC2NodeClass" {
			rel := "(defaults)"
			for _, r := range out.Rendered {
				if strings.HasPrefix(nc.Addr, r.Name+"#") && r.Release != nil {
					rel, _ = r.Release.Name.Str()
				}
			}
			got[rel] = nc
		}
	}
	return got
}

// show prints a range with its end.
func show(r lint.Range) string {
	return fmt.Sprintf("%s:%d:%d-%d:%d", r.File, r.Line, r.Column, r.EndLine, r.EndColumn)
}

func rng(file string, line, col, endCol int) lint.Range {
	return lint.Range{File: file, Line: line, Column: col, EndLine: line, EndColumn: endCol}
}

func TestChartDefaults(t *testing.T) {
	root := fixture(t, "releases")
	opts := options(root, nil)
	charts := FindCharts(yamlFiles(t, root))
	if len(charts) != 1 || filepath.Base(charts[0]) != "nodes" {
		t.Fatalf("FindCharts = %v", charts)
	}
	out := Render(context.Background(), charts, nil, opts)
	if len(out.Diagnostics) > 0 {
		t.Fatalf("diagnostics: %+v", out.Diagnostics)
	}
	var templates []string
	for _, r := range out.Rendered {
		templates = append(templates, r.Template)
		if len(r.Inferred) != 1 || r.Inferred[0] != InferredDefaults {
			t.Errorf("%s: Inferred = %v", r.Template, r.Inferred)
		}
	}
	// NOTES.txt and helpers are not manifests.
	if want := "templates/ec2nodeclass.yaml templates/nodepool.yaml templates/serviceaccount.yaml"; strings.Join(templates, " ") != want {
		t.Errorf("templates = %v, want %s", templates, want)
	}
	es, ds := parse(out, nil)
	if len(ds) > 0 {
		t.Fatalf("kube diagnostics: %+v", ds)
	}
	nc := nodeClasses(t, out, es)["(defaults)"]
	if nc == nil {
		t.Fatal("no EC2NodeClass rendered")
	}
	if s, _ := nc.Role.Value.Str(); s != "platform-karpenter-nodes" {
		t.Errorf("role = %v", nc.Role.Value)
	}
	// The role maps to the values.yaml key it came from.
	if want := rng("charts/nodes/values.yaml", 3, 11, 35); nc.Role.Range != want {
		t.Errorf("role range = %s, want %s", show(nc.Role.Range), show(want))
	}
	// A literal line maps to the template line.
	if want := rng("charts/nodes/templates/ec2nodeclass.yaml", 2, 1, 19); nc.Range != want {
		t.Errorf("kind range = %s, want %s", show(nc.Range), show(want))
	}
	if nc.Inferred == nil {
		t.Error("node class from chart defaults is not inferred")
	}
	// The selector tag's key is the value of securityGroupTag: the
	// field (key and value) starts there.
	if r := nc.SecurityGroupTerms[0].FieldRange("tags.karpenter.sh/discovery"); r.File != "charts/nodes/values.yaml" || r.Line != 4 {
		t.Errorf("selector tag range = %+v", r)
	}
	// The service account's name comes from a helper and the release
	// name: no values key holds it, so the template line does.
	for _, e := range es {
		if sa, ok := e.(*lint.ServiceAccount); ok {
			if s, _ := sa.Name.Str(); s != "nodes-nodes" {
				t.Errorf("service account name = %v", sa.Name)
			}
			if want := rng("charts/nodes/templates/serviceaccount.yaml", 4, 3, 41); sa.NameRange != want {
				t.Errorf("service account name range = %s, want %s", show(sa.NameRange), show(want))
			}
			if sa.RoleARN.IsSet() {
				t.Errorf("empty roleArn default rendered an annotation: %+v", sa.RoleARN)
			}
		}
	}
}

func TestReleases(t *testing.T) {
	root := fixture(t, "releases")
	opts := options(root, nil)
	rels, diags, notes := findReleases(t, root, opts)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %+v", diags)
	}
	if len(notes) > 0 {
		t.Errorf("notes: %+v", notes)
	}
	type want struct {
		label, ns, tool, chart string
		local                  bool
	}
	wants := map[string]want{
		"nodes-prod":                   {"helmfile release nodes-prod", "karpenter", "helmfile", "./charts/nodes", true},
		"aws-load-balancer-controller": {"helmfile release aws-load-balancer-controller", "kube-system", "helmfile", "aws-load-balancer-controller", false}, // "eks/…" of repository eks
		"nodes-stg":                    {"Argo CD Application nodes-staging", "karpenter-staging", "argocd", "charts/nodes", true},
		"karpenter-dev-nodes":          {"Flux HelmRelease flux-system/nodes", "karpenter-dev", "flux", "./charts/nodes", true},
	}
	if len(rels) != len(wants) {
		t.Fatalf("found %d releases, want %d", len(rels), len(wants))
	}
	for _, r := range rels {
		name, _ := r.Name.Str()
		w, ok := wants[name]
		if !ok {
			t.Errorf("unexpected release %q", name)
			continue
		}
		ns, _ := r.Namespace.Str()
		if r.Label != w.label || ns != w.ns || r.Tool != w.tool || r.Chart != w.chart || (r.ChartDir != "") != w.local {
			t.Errorf("release %s = label %q ns %q tool %q chart %q dir %q", name, r.Label, ns, r.Tool, r.Chart, r.ChartDir)
		}
	}
	alb := byName(rels, "aws-load-balancer-controller")
	if alb.Repository != "https://aws.github.io/eks-charts" || alb.Version != "1.8.1" {
		t.Errorf("remote release = repo %q version %q", alb.Repository, alb.Version)
	}

	charts := FindCharts(yamlFiles(t, root))
	var count atomic.Int32
	opts.Renderer = counting{chartrender.InProcess{}, &count}
	out := Render(context.Background(), charts, rels, opts)
	if len(out.Diagnostics) > 0 {
		t.Fatalf("render diagnostics: %+v", out.Diagnostics)
	}
	if count.Load() != 3 || out.Renders != 3 {
		t.Errorf("renders = %d (%d counted), want 3: one per release of the local chart, none with defaults", out.Renders, count.Load())
	}
	es, ds := parse(out, nil)
	if len(ds) > 0 {
		t.Fatalf("kube diagnostics: %+v", ds)
	}
	ncs := nodeClasses(t, out, es)

	cases := []struct {
		release, name, role string
		nameAt, roleAt      lint.Range
	}{
		// helmfile: inline values map, and a values file.
		{"nodes-prod", "batch", "prod-karpenter-nodes", rng("helmfile.yaml", 12, 17, 22), rng("values/prod.yaml", 1, 11, 31)},
		// Argo CD: helm.values (a literal block) and a parameter.
		{"nodes-stg", "staging-general", "staging-karpenter-nodes", rng("argocd/nodes.yaml", 22, 17, 32), rng("argocd/nodes.yaml", 25, 18, 41)},
		// Flux: valuesFrom a ConfigMap in another file.
		{"karpenter-dev-nodes", "dev-general", "dev-karpenter-nodes", rng("flux/values-configmap.yaml", 10, 13, 24), rng("flux/values-configmap.yaml", 8, 15, 34)},
	}
	for _, c := range cases {
		nc := ncs[c.release]
		if nc == nil {
			t.Errorf("%s: no EC2NodeClass", c.release)
			continue
		}
		if s, _ := nc.Name.Str(); s != c.name {
			t.Errorf("%s: name = %v, want %s", c.release, nc.Name, c.name)
		}
		if nc.NameRange != c.nameAt {
			t.Errorf("%s: name range = %s, want %s", c.release, show(nc.NameRange), show(c.nameAt))
		}
		if s, _ := nc.Role.Value.Str(); s != c.role {
			t.Errorf("%s: role = %v, want %s", c.release, nc.Role.Value, c.role)
		}
		if nc.Role.Range != c.roleAt {
			t.Errorf("%s: role range = %s, want %s", c.release, show(nc.Role.Range), show(c.roleAt))
		}
		if nc.Inferred != nil {
			t.Errorf("%s: release rendering marked inferred", c.release)
		}
	}

	// Each release renders with its own name and namespace.
	sas := map[string]*lint.ServiceAccount{}
	for _, e := range es {
		if sa, ok := e.(*lint.ServiceAccount); ok {
			name, _ := sa.Name.Str()
			sas[name] = sa
		}
	}
	for name, ns := range map[string]string{"nodes-prod-nodes": "karpenter", "nodes-stg-nodes": "karpenter-staging", "karpenter-dev-nodes-nodes": "karpenter-dev"} {
		sa := sas[name]
		if sa == nil {
			t.Errorf("no service account %s (have %v)", name, sortedKeys(sas))
			continue
		}
		if got, _ := sa.Namespace.Str(); got != ns {
			t.Errorf("%s: namespace %q, want %q", name, got, ns)
		}
	}
	// helmfile set: the IRSA annotation maps to the set value.
	if sa := sas["nodes-prod-nodes"]; sa != nil {
		if want := rng("helmfile.yaml", 15, 16, 62); sa.RoleARN.Range != want {
			t.Errorf("role-arn range = %s, want %s", show(sa.RoleARN.Range), show(want))
		}
	}
	// Argo's values file relative to the chart set the pool's CPU limit.
	for _, r := range out.Rendered {
		if r.Release != nil && r.Template == "templates/nodepool.yaml" {
			name, _ := r.Release.Name.Str()
			if name == "nodes-stg" && !strings.Contains(string(r.Content), "cpu: 50") {
				t.Errorf("Argo values file not applied:\n%s", r.Content)
			}
		}
	}
	// The remote release is kept and noted, not rendered.
	skipped := 0
	for _, n := range out.Notes {
		if n.Kind == lint.Skipped && strings.Contains(n.What, "aws-load-balancer-controller") {
			skipped++
		}
	}
	if skipped != 1 {
		t.Errorf("notes = %+v, want one skipped note for the remote chart", out.Notes)
	}
}

func byName(rels []*lint.Release, name string) *lint.Release {
	for _, r := range rels {
		if n, _ := r.Name.Str(); n == name {
			return r
		}
	}
	return &lint.Release{}
}

// counting counts renderings.
type counting struct {
	Renderer
	n *atomic.Int32
}

func (c counting) Render(ctx context.Context, req Request) (Result, error) {
	c.n.Add(1)
	return c.Renderer.Render(ctx, req)
}

func TestEachCombinationRendersOnce(t *testing.T) {
	root := t.TempDir()
	var charts []string
	for i := range 50 {
		dir := filepath.Join(root, "charts", fmt.Sprintf("svc-%02d", i))
		write(t, filepath.Join(dir, "Chart.yaml"), fmt.Sprintf("apiVersion: v2\nname: svc-%02d\nversion: 1.0.0\n", i))
		write(t, filepath.Join(dir, "values.yaml"), "replicas: 1\n")
		write(t, filepath.Join(dir, "templates", "sa.yaml"), "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: {{ .Release.Name }}\n")
		charts = append(charts, filepath.Join(dir, "Chart.yaml"))
	}
	// A dependency vendored in a chart is not a chart of its own.
	write(t, filepath.Join(root, "charts", "svc-00", "charts", "dep", "Chart.yaml"), "apiVersion: v2\nname: dep\nversion: 1.0.0\n")
	charts = append(charts, filepath.Join(root, "charts", "svc-00", "charts", "dep", "Chart.yaml"))
	found := FindCharts(charts)
	if len(found) != 50 {
		t.Fatalf("FindCharts found %d charts, want 50", len(found))
	}
	// Two releases with the same values, name and namespace render once;
	// a third with other values renders again.
	same := func(addr string, replicas int) *lint.Release {
		return &lint.Release{Object: lint.Object{Kind: lint.KindRelease, Addr: addr, Label: addr, Name: lint.Known("svc")},
			Namespace: lint.Known("apps"), ChartDir: found[1], Values: map[string]any{"replicas": replicas}}
	}
	rels := []*lint.Release{same("a", 2), same("b", 2), same("c", 3)}
	var count atomic.Int32
	opts := options(root, nil)
	opts.Renderer = counting{chartrender.InProcess{}, &count}
	start := time.Now()
	out := Render(context.Background(), found, rels, opts)
	took := time.Since(start)
	if len(out.Diagnostics) > 0 {
		t.Fatalf("diagnostics: %+v", out.Diagnostics)
	}
	if count.Load() != 51 || out.Renders != 51 {
		t.Errorf("renders = %d (%d counted), want 51 (49 charts with defaults, 2 distinct releases)", out.Renders, count.Load())
	}
	if len(out.Rendered) != 52 {
		t.Errorf("rendered %d manifests, want 52 (one per release)", len(out.Rendered))
	}
	t.Logf("in process: %d renders in %s (%.2f ms per chart)", count.Load(), took, float64(took.Microseconds())/1000/float64(count.Load()))
}

func write(t *testing.T, p, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestBrokenInput(t *testing.T) {
	root := fixture(t, "broken")
	opts := options(root, nil)
	rels, diags, _ := findReleases(t, root, opts)
	got := map[string]lint.Diagnostic{}
	for _, d := range diags {
		got[d.Range.String()] = d
	}
	// A values file a helmfile names that does not exist.
	if d, ok := got["helmfile.yaml:6:9"]; !ok || d.Summary != "values file not found" {
		t.Errorf("helmfile missing values: diagnostics %+v", diags)
	}
	// An Argo CD value file (relative to the chart path) that does not.
	if d, ok := got["argocd/plain.yaml:14:11"]; !ok || !strings.Contains(d.Detail, "charts/plain/values-production.yaml") {
		t.Errorf("Argo missing values: diagnostics %+v", diags)
	}
	if len(diags) != 2 {
		t.Errorf("diagnostics = %+v", diags)
	}

	out := Render(context.Background(), FindCharts(yamlFiles(t, root)), rels, opts)
	rd := map[string]lint.Diagnostic{}
	for _, d := range out.Diagnostics {
		rd[d.Range.String()] = d
	}
	// A template error at the template line Helm names.
	if d, ok := rd["charts/bad-template/templates/configmap.yaml:6:1"]; !ok || !strings.Contains(d.Detail, `function "uppercase" not defined`) {
		t.Errorf("template error: diagnostics %+v", out.Diagnostics)
	}
	// An archive that is not gzip.
	if d, ok := rd["archives/ingress-1.2.0.tgz:1:1"]; !ok || !strings.Contains(d.Detail, "gzip") {
		t.Errorf("bad archive: diagnostics %+v", out.Diagnostics)
	}
	if len(out.Diagnostics) != 2 {
		t.Errorf("render diagnostics = %+v", out.Diagnostics)
	}
	// A missing required value is a note (LintMode), at the release; the
	// chart still renders for both releases.
	required := 0
	for _, n := range out.Notes {
		if n.Kind == lint.Unresolved && strings.Contains(n.What, "missing required value: owner is required") {
			required++
		}
	}
	if required != 2 {
		t.Errorf("notes = %+v, want a missing required value note per release", out.Notes)
	}
	plain := 0
	for _, r := range out.Rendered {
		if strings.HasPrefix(r.Template, "templates/configmap.yaml") && strings.HasSuffix(r.Chart, "plain") {
			plain++
			if !strings.Contains(string(r.Content), `owner: ""`) {
				t.Errorf("missing required value rendered as:\n%s", r.Content)
			}
		}
	}
	if plain != 2 {
		t.Errorf("plain chart rendered %d times, want 2", plain)
	}
}

func TestHostileCharts(t *testing.T) {
	root := fixture(t, "hostile")
	leaky := filepath.Join(root, "charts", "leaky")
	for link, target := range map[string]string{
		"files/credentials":       "../../../outside/credentials",
		"templates/smuggled.yaml": "../../../outside/serviceaccount.yaml",
		"files/shared-alias":      "shared",
		"files/absolute":          filepath.Join(root, "outside", "credentials"),
	} {
		if err := os.Symlink(target, filepath.Join(leaky, link)); err != nil {
			t.Skip("symlinks not supported:", err)
		}
	}
	opts := options(root, nil)
	// The scanned tree is charts/: outside/ is beyond it.
	opts.Roots = []string{filepath.Join(root, "charts")}
	opts.Renderer = child(3 * time.Second)
	start := time.Now()
	out := Render(context.Background(), FindCharts(yamlFiles(t, root)), nil, opts)
	took := time.Since(start)
	if took > 2*time.Minute {
		t.Errorf("hostile charts took %s", took)
	}
	t.Logf("hostile charts rendered in %s", took)
	byFile := map[string]lint.Diagnostic{}
	for _, d := range out.Diagnostics {
		byFile[d.Range.File] = d
		t.Logf("%s: %s: %s", d.Range, d.Summary, d.Detail)
	}
	if d := byFile["charts/forever/Chart.yaml"]; d.Summary != "chart rendering stopped: it used more than 3s of CPU time" {
		t.Errorf("endless loop: %+v", d)
	}
	if d := byFile["charts/huge/Chart.yaml"]; !strings.HasPrefix(d.Summary, "chart rendering stopped:") {
		t.Errorf("gigabytes of output: %+v", d)
	}
	if d, ok := byFile["charts/recursive/templates/_loop.tpl"]; !ok || !strings.Contains(d.Detail, "nested reference") {
		if d2 := byFile["charts/recursive/Chart.yaml"]; !strings.HasPrefix(d2.Summary, "chart rendering stopped:") {
			t.Errorf("endless recursion: %+v / %+v", d, d2)
		}
	}
	if len(out.Diagnostics) != 3 {
		t.Errorf("diagnostics = %+v, want three", out.Diagnostics)
	}
	// The leaky chart renders, without what its symlinks point at.
	var leak *Rendered
	for i, r := range out.Rendered {
		if strings.HasSuffix(r.Chart, "leaky") {
			if r.Template != "templates/configmap.yaml" {
				t.Errorf("rendered %s through a symlink out of the chart", r.Template)
			}
			leak = &out.Rendered[i]
		}
	}
	if leak == nil {
		t.Fatal("leaky chart not rendered")
	}
	if strings.Contains(string(leak.Content), "do-not-read-me") {
		t.Errorf(".Files left the chart:\n%s", leak.Content)
	}
	if !strings.Contains(string(leak.Content), "kept inside the chart") {
		t.Errorf("a symlink inside the chart was not followed:\n%s", leak.Content)
	}
	skipped := 0
	for _, n := range out.Notes {
		if n.Kind == lint.Skipped && strings.Contains(n.What, "symlink") {
			skipped++
		}
	}
	if skipped != 3 {
		t.Errorf("notes = %+v, want three skipped symlinks", out.Notes)
	}
}

// A symlink of a chart to a directory of the scanned tree outside the
// chart (templates shared by several charts) is followed, as Helm's
// loader follows it: its defines are there.
func TestChartSymlinkedDirectoryInsideTree(t *testing.T) {
	root := t.TempDir()
	write := func(rel, text string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("shared/helpers/_names.tpl", `{{- define "team.name" -}}team-{{ .Release.Name }}{{- end -}}`+"\n")
	write("charts/api/Chart.yaml", "apiVersion: v2\nname: api\nversion: 0.1.0\n")
	write("charts/api/templates/cm.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: {{ include \"team.name\" . }}\n")
	if err := os.Symlink("../../../shared/helpers", filepath.Join(root, "charts/api/templates/helpers")); err != nil {
		t.Skip("symlinks not supported:", err)
	}
	// A link back up is walked once, not for ever.
	if err := os.Symlink("..", filepath.Join(root, "charts/api/templates/up")); err != nil {
		t.Fatal(err)
	}
	out := Render(context.Background(), FindCharts(yamlFiles(t, root)), nil, options(root, nil))
	if len(out.Diagnostics) != 0 {
		t.Fatalf("diagnostics %+v", out.Diagnostics)
	}
	found := false
	for _, r := range out.Rendered {
		if r.Template == "templates/cm.yaml" {
			found = strings.Contains(string(r.Content), "name: team-")
		}
	}
	if !found {
		t.Errorf("rendered %+v: want the ConfigMap named by the shared define", out.Rendered)
	}
}

func TestChildRendersLikeInProcess(t *testing.T) {
	root := fixture(t, "releases")
	charts := FindCharts(yamlFiles(t, root))
	rels, _, _ := findReleases(t, root, options(root, nil))
	in := Render(context.Background(), charts, rels, options(root, nil))
	opts := options(root, nil)
	opts.Renderer = child(20 * time.Second)
	start := time.Now()
	ch := Render(context.Background(), charts, rels, opts)
	took := time.Since(start)
	t.Logf("child process: %d renders in %s (%.1f ms per chart, %d in parallel)", ch.Renders, took, float64(took.Microseconds())/1000/float64(ch.Renders), min(ch.Renders, maxProcs()))
	if len(ch.Diagnostics) > 0 {
		t.Fatalf("child diagnostics: %+v", ch.Diagnostics)
	}
	if len(in.Rendered) != len(ch.Rendered) {
		t.Fatalf("in process %d manifests, child %d", len(in.Rendered), len(ch.Rendered))
	}
	for i := range in.Rendered {
		if in.Rendered[i].Name != ch.Rendered[i].Name || string(in.Rendered[i].Content) != string(ch.Rendered[i].Content) {
			t.Errorf("%s differs:\n%s\n---\n%s", in.Rendered[i].Name, in.Rendered[i].Content, ch.Rendered[i].Content)
		}
	}
}

func maxProcs() int { return runtime.GOMAXPROCS(0) }

func TestSentinelsSurviveRendering(t *testing.T) {
	root := fixture(t, "releases")
	h := lint.NewHoles()
	role := lint.HoleRef{Object: "infra:aws_iam_role.karpenter_nodes", Path: "name"}
	ns := lint.HoleRef{Object: "infra:var.namespace"}
	tfValue := rng("infra/karpenter.tf", 31, 13, 48)
	rel := &lint.Release{
		Object: lint.Object{Kind: lint.KindRelease, Addr: "infra:helm_release.nodes", Label: "helm_release.nodes",
			Name: lint.Known("nodes"), Range: rng("infra/karpenter.tf", 20, 1, 30), Source: lint.SourceTerraform},
		Namespace: lint.Hole(ns),
		ChartDir:  filepath.Join(root, "charts", "nodes"),
		Values: map[string]any{
			"nodeRole": h.Sentinel(role),
			"pool":     map[string]any{"name": "tf-" + h.Sentinel(lint.HoleRef{Object: "infra:var.pool"})},
		},
		ValueRanges: map[string]lint.Range{"nodeRole": tfValue, "pool.name": rng("infra/karpenter.tf", 32, 13, 40)},
		Tool:        "terraform",
	}
	for name, r := range map[string]Renderer{"in process": chartrender.InProcess{}, "child": child(20 * time.Second)} {
		t.Run(name, func(t *testing.T) {
			opts := options(root, h)
			opts.Renderer = r
			out := Render(context.Background(), nil, []*lint.Release{rel}, opts)
			if len(out.Diagnostics) > 0 {
				t.Fatalf("diagnostics: %+v", out.Diagnostics)
			}
			es, ds := parse(out, h)
			if len(ds) > 0 {
				t.Fatalf("kube diagnostics: %+v", ds)
			}
			nc := nodeClasses(t, out, es)["nodes"]
			if nc == nil {
				t.Fatal("no node class")
			}
			if got, ok := nc.Role.Value.SoleRef(); !ok || got != role {
				t.Errorf("role = %v, want the hole %v", nc.Role.Value, role)
			}
			if nc.Role.Range != tfValue {
				t.Errorf("role range = %+v, want the helm_release value %+v", nc.Role.Range, tfValue)
			}
			if nc.Name.Prefix() != "tf-" || len(nc.Name.Refs()) != 1 {
				t.Errorf("name = %v", nc.Name)
			}
			for _, e := range es {
				if sa, ok := e.(*lint.ServiceAccount); ok {
					if got, ok := sa.Namespace.SoleRef(); !ok || got != ns {
						t.Errorf("namespace = %v, want the hole %v", sa.Namespace, ns)
					}
				}
			}
		})
	}
}

func TestKarpenterSettings(t *testing.T) {
	h := lint.NewHoles()
	profile := lint.HoleRef{Object: "infra:aws_iam_instance_profile.karpenter", Path: "name"}
	at := rng("infra/karpenter.tf", 44, 15, 62)
	remote := &lint.Release{
		Object: lint.Object{Kind: lint.KindRelease, Addr: "infra:helm_release.karpenter", Label: "helm_release.karpenter",
			Name: lint.Known("karpenter"), Range: rng("infra/karpenter.tf", 30, 1, 33), Source: lint.SourceTerraform},
		Namespace:  lint.Known("karpenter"),
		Chart:      "karpenter",
		Repository: "oci://public.ecr.aws/karpenter",
		Version:    "v0.31.4",
		Values: map[string]any{"settings": map[string]any{"aws": map[string]any{
			"clusterName": "prod", "defaultInstanceProfile": h.Sentinel(profile)}}},
		ValueRanges: map[string]lint.Range{"settings.aws.clusterName": rng("infra/karpenter.tf", 43, 15, 21), "settings.aws.defaultInstanceProfile": at},
		Tool:        "terraform",
	}
	out := Render(context.Background(), nil, []*lint.Release{remote}, Options{Holes: h})
	// The settings, the release's service account (serviceaccounts.go)
	// and its controller (karpentercontroller.go).
	if len(out.Entities) != 3 {
		t.Fatalf("entities = %+v", out.Entities)
	}
	if w, ok := out.Entities[2].(*lint.Workload); !ok || !w.KarpenterController() || w.Modelled != "helm_release.karpenter" {
		t.Errorf("third entity %+v, want the controller modelled from the release", out.Entities[2])
	}
	nc := out.Entities[0].(*lint.NodeClass)
	if nc.KindName != "KarpenterSettings" || nc.Label != "Karpenter chart settings (helm_release.karpenter)" || nc.Kind != lint.KindNodeClass {
		t.Errorf("node class = %+v", nc)
	}
	if got, ok := nc.InstanceProfile.Value.SoleRef(); !ok || got != profile {
		t.Errorf("instance profile = %v", nc.InstanceProfile.Value)
	}
	if nc.InstanceProfile.Range != at {
		t.Errorf("instance profile range = %s, want %s", show(nc.InstanceProfile.Range), show(at))
	}
	if len(out.Rendered) != 0 || out.Renders != 0 {
		t.Errorf("a remote chart was rendered")
	}

	// The legacy key, from an Argo CD-style chart reference.
	legacy := &lint.Release{Object: lint.Object{Addr: "apps#0/Application/karpenter/release", Label: "Argo CD Application karpenter"},
		Chart: "oci://public.ecr.aws/karpenter/karpenter:v0.16.3", Values: map[string]any{"aws": map[string]any{"defaultInstanceProfile": "KarpenterNodeInstanceProfile"}}}
	if es := karpenterSettings(legacy, nil, nil, h); len(es) != 1 {
		t.Errorf("legacy aws.defaultInstanceProfile: %+v", es)
	} else if s, _ := es[0].(*lint.NodeClass).InstanceProfile.Value.Str(); s != "KarpenterNodeInstanceProfile" {
		t.Errorf("legacy profile = %q", s)
	}
	// Another chart's values say nothing.
	other := *legacy
	other.Chart = "eks/aws-node-termination-handler"
	if es := karpenterSettings(&other, nil, nil, h); len(es) != 0 {
		t.Errorf("non-Karpenter chart: %+v", es)
	}

	// An in-tree Karpenter chart: its defaults (inferred), or a release's
	// value.
	root := fixture(t, "karpenter")
	opts := options(root, h)
	charts := FindCharts(yamlFiles(t, root))
	out = Render(context.Background(), charts, nil, opts)
	if len(out.Entities) != 1 || len(out.Diagnostics) > 0 {
		t.Fatalf("in-tree defaults: entities %+v diagnostics %+v", out.Entities, out.Diagnostics)
	}
	nc = out.Entities[0].(*lint.NodeClass)
	if s, _ := nc.InstanceProfile.Value.Str(); s != "platform-node-profile" || nc.Inferred == nil {
		t.Errorf("in-tree defaults: %+v", nc)
	}
	if want := rng("charts/karpenter/values.yaml", 8, 29, 50); nc.InstanceProfile.Range != want {
		t.Errorf("in-tree range = %s, want %s", show(nc.InstanceProfile.Range), show(want))
	}
	inTree := *remote
	inTree.ChartDir = charts[0]
	out = Render(context.Background(), charts, []*lint.Release{&inTree}, opts)
	if len(out.Entities) != 1 {
		t.Fatalf("in-tree release: %+v", out.Entities)
	}
	nc = out.Entities[0].(*lint.NodeClass)
	if got, ok := nc.InstanceProfile.Value.SoleRef(); !ok || got != profile || nc.InstanceProfile.Range != at || nc.Inferred != nil {
		t.Errorf("in-tree release: %+v", nc)
	}
	if len(out.Diagnostics) > 0 {
		t.Fatalf("in-tree release: %+v", out.Diagnostics)
	}
	// The rendered settings keep the sentinel (quote escapes it, YAML
	// decodes it back) for kube to decode.
	found := false
	for _, r := range out.Rendered {
		var cm struct{ Data map[string]string }
		if err := yaml.Unmarshal(r.Content, &cm); err != nil {
			t.Fatal(err)
		}
		found = found || cm.Data["aws.defaultInstanceProfile"] == h.Sentinel(profile)
	}
	if !found {
		t.Error("sentinel lost in the rendered settings")
	}
}

func TestArgoAndFluxDetails(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "charts", "app", "Chart.yaml"), "apiVersion: v2\nname: app\nversion: 1.0.0\n")
	write(t, filepath.Join(root, "envs", "prod.yaml"), "replicas: 3\n")
	write(t, filepath.Join(root, "apps.yaml"), `apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: app
spec:
  destination:
    namespace: apps
  sources:
    - repoURL: https://github.com/example/platform.git
      ref: values
    - repoURL: https://github.com/example/platform.git
      path: charts/app
      helm:
        valueFiles:
          - $values/envs/prod.yaml
        valuesObject:
          image:
            tag: "1.2"
        values: |
          image:
            tag: ignored-when-valuesObject-is-set
        parameters:
          - name: labels.team\.name
            value: payments
          - name: port
            value: "8080"
          - name: version
            value: "1.10"
            forceString: true
    - repoURL: https://charts.example.com
      chart: redis
      targetRevision: 19.0.1
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata:
  name: manifests
spec:
  source:
    repoURL: https://github.com/example/platform.git
    path: envs
---
apiVersion: helm.toolkit.fluxcd.io/v2beta2
kind: HelmRelease
metadata:
  name: cache
spec:
  chart:
    spec:
      chart: redis
      version: 19.x
      sourceRef:
        kind: HelmRepository
        name: bitnami
  valuesFrom:
    - kind: Secret
      name: redis-auth
    - kind: ConfigMap
      name: absent
      optional: true
`)
	opts := options(root, nil)
	rels, diags, notes := findReleases(t, root, opts)
	if len(diags) > 0 {
		t.Fatalf("diagnostics: %+v", diags)
	}
	if len(rels) != 3 {
		t.Fatalf("releases: %d", len(rels))
	}
	app := byName(rels, "app")
	if app.Addr != "apps.yaml#0/Application/app/release[1]" || app.ChartDir == "" {
		t.Errorf("app = %+v", app)
	}
	// The source is named as its path in the Application: sources[1].
	if !strings.HasSuffix(app.Label, " sources[1]") {
		t.Errorf("label %q, want the source named sources[1]", app.Label)
	}
	wantValues := map[string]any{
		"replicas": 3,
		"image":    map[string]any{"tag": "1.2"},
		"labels":   map[string]any{"team.name": "payments"},
		"port":     int64(8080),
		"version":  "1.10",
	}
	if fmt.Sprint(app.Values) != fmt.Sprint(wantValues) {
		t.Errorf("values = %v, want %v", app.Values, wantValues)
	}
	if r := app.ValueRanges["replicas"]; r.File != "envs/prod.yaml" || r.Line != 1 {
		t.Errorf("replicas range = %+v", r)
	}
	if r := app.ValueRanges["labels.team.name"]; r.File != "apps.yaml" || r.Line != 24 {
		t.Errorf("parameter range = %+v", r)
	}
	// Keys where they are written: a values file's key, a parameter's
	// name (the line above its value).
	if r := app.KeyRanges["replicas"]; r.File != "envs/prod.yaml" || r.Line != 1 || r.Column != 1 {
		t.Errorf("replicas key range = %+v", r)
	}
	if r := app.KeyRanges["labels.team.name"]; r.File != "apps.yaml" || r.Line != 23 {
		t.Errorf("parameter name range = %+v", r)
	}
	// The namespace is decided at spec.destination.namespace.
	if r := app.NamespaceRange; r.File != "apps.yaml" || r.Line != 7 || r.Column != 16 {
		t.Errorf("namespace range = %+v", r)
	}
	redis := rels[1]
	if n, _ := redis.Name.Str(); n != "app" || redis.Chart != "redis" || redis.Repository != "https://charts.example.com" || redis.ChartDir != "" {
		t.Errorf("redis source = %+v", redis)
	}
	cache := byName(rels, "cache")
	if cache.Chart != "redis" || cache.Repository != "bitnami" || !cache.Namespace.IsUnknown() {
		t.Errorf("flux cache = %+v", cache)
	}
	if len(notes) != 1 || !strings.Contains(notes[0].What, "Secret redis-auth") {
		t.Errorf("notes = %+v", notes)
	}
}

func TestPositionOrder(t *testing.T) {
	cd := &chartData{abs: "/r/c", rel: "c", byName: map[string][]byte{"templates/a.yaml": nil, "templates/_h.tpl": nil}, lines: map[string][]lineInfo{
		"templates/a.yaml": templateLines([]byte("kind: A\nspec:\n  first: {{ .Values.a }}\n  second: {{ .Values.b }}\n  items:\n  - {{ .Values.c }}\n")),
		"templates/_h.tpl": templateLines([]byte("{{- define \"x\" }}\nhelper: {{ .Values.h }}\n{{- end }}\n")),
	}}
	p := &paths{rel: func(s string) string { return strings.TrimPrefix(s, "/r/") }}
	rel := &lint.Release{Values: map[string]any{"a": "same", "b": "same", "u": "unique"},
		ValueRanges: map[string]lint.Range{"a": rng("v.yaml", 1, 4, 8), "b": rng("v.yaml", 2, 4, 8), "u": rng("v.yaml", 3, 4, 10)}}
	m := &mapper{cd: cd, index: buildIndex(cd, rel, p), template: "templates/a.yaml", p: p,
		content: "kind: A\nspec:\n  first: same\n  second: same\n  items:\n  - unique\n  - other\nhelper: x\nextra: y\n"}
	cases := []struct {
		line int
		text string
		want lint.Range
	}{
		{6, "unique", rng("v.yaml", 3, 4, 10)},            // 1. a unique values key
		{3, "same", rng("v.yaml", 1, 4, 8)},               // 1. several keys: the one the line reads
		{4, "same", rng("v.yaml", 2, 4, 8)},               //
		{1, "A", rng("c/templates/a.yaml", 1, 1, 8)},      // 2. a literal template line
		{7, "other", rng("c/templates/a.yaml", 6, 3, 20)}, // 2. same (empty) key: a list item
		{8, "x", rng("c/templates/_h.tpl", 2, 1, 24)},     // 2. a helper's line
		{9, "y", rng("c/templates/a.yaml", 1, 1, 1)},      // 3. the template's first line
		{3, "", rng("c/templates/a.yaml", 3, 3, 25)},      // collections and diagnostics: no value step
		{42, "same", rng("c/templates/a.yaml", 1, 1, 1)},  // out of range
		{2, "spec", rng("c/templates/a.yaml", 2, 1, 6)},   // a key
	}
	for _, c := range cases {
		if got := m.Map(rng("rendered", c.line, 3, 3), c.text); got != c.want {
			t.Errorf("Map(line %d, %q) = %s, want %s", c.line, c.text, show(got), show(c.want))
		}
	}
}

// TestPositionBlockReadWhole: a value two keys hold, rendered by a block
// the template reads whole (toYaml .Values.web.nodeSelector), maps to the
// key under that block.
func TestPositionBlockReadWhole(t *testing.T) {
	cd := &chartData{abs: "/r/c", rel: "c", byName: map[string][]byte{"templates/w.yaml": nil}, lines: map[string][]lineInfo{
		"templates/w.yaml": templateLines([]byte("kind: Deployment\nspec:\n  nodeSelector:\n    {{- toYaml .Values.web.nodeSelector | nindent 4 }}\n")),
	}}
	p := &paths{rel: func(s string) string { return strings.TrimPrefix(s, "/r/") }}
	rel := &lint.Release{Values: map[string]any{"web": map[string]any{"nodeSelector": map[string]any{"pool": "spot"}}, "jobs": map[string]any{"nodeSelector": map[string]any{"pool": "spot"}}},
		ValueRanges: map[string]lint.Range{"web.nodeSelector.pool": rng("v.yaml", 3, 11, 15), "jobs.nodeSelector.pool": rng("v.yaml", 6, 11, 15)}}
	m := &mapper{cd: cd, index: buildIndex(cd, rel, p), template: "templates/w.yaml", p: p, content: "kind: Deployment\nspec:\n  nodeSelector:\n    pool: spot\n"}
	if got, want := m.Map(rng("rendered", 4, 11, 15), "spot"), rng("v.yaml", 3, 11, 15); got != want {
		t.Errorf("Map = %s, want %s", show(got), show(want))
	}
}

// TestPositionRangedItems: items a range renders map to the ranged line
// under their own list, not to the next line with the same key under
// another list.
func TestPositionRangedItems(t *testing.T) {
	tpl := "kind: EC2NodeClass\nspec:\n  securityGroupSelectorTerms:\n{{- range .Values.groups }}\n    - id: \"{{ . }}\"\n{{- end }}\n  role: {{ .Values.role }}\n  amiSelectorTerms:\n    - id: {{ .Values.ami }}\n"
	cd := &chartData{abs: "/r/c", rel: "c", byName: map[string][]byte{"templates/nc.yaml": nil}, lines: map[string][]lineInfo{
		"templates/nc.yaml": templateLines([]byte(tpl)),
	}}
	p := &paths{rel: func(s string) string { return strings.TrimPrefix(s, "/r/") }}
	m := &mapper{cd: cd, template: "templates/nc.yaml", p: p,
		content: "kind: EC2NodeClass\nspec:\n  securityGroupSelectorTerms:\n    - id: \"sg-1\"\n    - id: \"sg-2\"\n    - id: \"sg-3\"\n  role: nodes\n  amiSelectorTerms:\n    - id: ami-1\n"}
	for _, c := range []struct{ line, want int }{{4, 5}, {5, 5}, {6, 5}, {9, 9}, {7, 7}} {
		if got := m.Map(rng("rendered", c.line, 5, 5), ""); got.Line != c.want || got.File != "c/templates/nc.yaml" {
			t.Errorf("rendered line %d maps to %s, want c/templates/nc.yaml:%d", c.line, show(got), c.want)
		}
	}
}

// TestPositionRangedDocuments: a template that ranges over documents
// (one EC2NodeClass per pool) starts again with each rendered document:
// the second class's selector maps to the selector line, not to a later
// line with the same key.
func TestPositionRangedDocuments(t *testing.T) {
	tpl := "{{- range $name, $p := .Values.pools }}\napiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: {{ $name }}\nspec:\n  subnetSelectorTerms:\n    - tags:\n        team: {{ $.Values.team }}\n  securityGroupSelectorTerms:\n    - tags:\n        team: {{ $.Values.team }}\n  tags:\n    team: {{ $.Values.team }}\n  amiSelectorTerms:\n    - alias: al2023@latest\n---\n{{- end }}\n"
	doc := func(name string) string {
		return "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: " + name + "\nspec:\n  subnetSelectorTerms:\n    - tags:\n        team: data\n  securityGroupSelectorTerms:\n    - tags:\n        team: data\n  tags:\n    team: data\n---\n"
	}
	cd := &chartData{abs: "/r/c", rel: "c", byName: map[string][]byte{"templates/nc.yaml": nil}, lines: map[string][]lineInfo{"templates/nc.yaml": templateLines([]byte(tpl))}}
	p := &paths{rel: func(s string) string { return strings.TrimPrefix(s, "/r/") }}
	m := &mapper{cd: cd, template: "templates/nc.yaml", p: p, content: doc("a") + doc("b") + doc("c")}
	// Each document is 14 lines; in each, the selectors and tags are at
	// lines 8, 11 and 13 of the document, the template's 9, 12 and 14.
	for d := 0; d < 3; d++ {
		for _, c := range []struct{ line, want int }{{8, 9}, {11, 12}, {13, 14}} {
			if got := m.Map(rng("rendered", 14*d+c.line, 9, 9), ""); got.Line != c.want {
				t.Errorf("document %d line %d maps to %s, want c/templates/nc.yaml:%d", d+1, c.line, show(got), c.want)
			}
		}
	}
}

// A rendered line maps where it does whatever lines were asked before
// it, and in whatever order: the mapper counts the lines up to the one
// asked only when first asked past them.
func TestPositionAskedInAnyOrder(t *testing.T) {
	tpl := "kind: List\nitems:\n{{- range .Values.names }}\n  - name: {{ . }}\n    kind: Pod\n{{- end }}\n  - name: last\n    kind: Pod\n"
	content := "kind: List\nitems:\n  - name: a\n    kind: Pod\n  - name: b\n    kind: Pod\n  - name: last\n    kind: Pod\n"
	cd := &chartData{abs: "/r/c", rel: "c", byName: map[string][]byte{"templates/l.yaml": nil}, lines: map[string][]lineInfo{"templates/l.yaml": templateLines([]byte(tpl))}}
	p := &paths{rel: func(s string) string { return strings.TrimPrefix(s, "/r/") }}
	fresh := func() *mapper { return &mapper{cd: cd, template: "templates/l.yaml", p: p, content: content} }
	lines := strings.Count(content, "\n")
	want := make([]lint.Range, lines+1)
	for l := 1; l <= lines; l++ {
		want[l] = fresh().Map(rng("rendered", l, 3, 3), "")
	}
	// The same text maps by how many times it came before.
	if want[4].Line == want[6].Line {
		t.Fatalf("lines 4 and 6 both map to %s: the test proves nothing", show(want[4]))
	}
	for _, order := range [][]int{{1, 2, 3, 4, 5, 6, 7, 8}, {8, 7, 6, 5, 4, 3, 2, 1}, {6, 2, 8, 4, 1, 7, 3, 5}} {
		m := fresh()
		for _, l := range order {
			if got := m.Map(rng("rendered", l, 3, 3), ""); got != want[l] {
				t.Errorf("order %v: line %d maps to %s, alone to %s", order, l, show(got), show(want[l]))
			}
		}
	}
}

func TestFindCharts(t *testing.T) {
	root := fixture(t, "releases")
	got := FindCharts([]string{
		filepath.Join(root, "charts", "nodes"),
		filepath.Join(root, "charts", "nodes", "Chart.yaml"),
		filepath.Join(root, "charts", "nodes", "templates", "nodepool.yaml"),
		filepath.Join(root, "helmfile.yaml"),
		filepath.Join(root, "dist", "nodes-0.4.0.tgz"),
		filepath.Join(root, "charts", "nodes", "charts", "common-1.0.0.tgz"),
	})
	want := []string{filepath.Join(root, "charts", "nodes"), filepath.Join(root, "dist", "nodes-0.4.0.tgz")}
	sort.Strings(want)
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("FindCharts = %v, want %v", got, want)
	}
}

func TestSubchartsCapabilitiesAndIgnore(t *testing.T) {
	root := t.TempDir()
	app := filepath.Join(root, "charts", "platform")
	write(t, filepath.Join(app, "Chart.yaml"), `apiVersion: v2
name: platform
version: 2.0.0
dependencies:
  - name: irsa
    version: 1.0.0
  - name: metrics
    version: 3.1.0
    repository: https://charts.example.com
`)
	write(t, filepath.Join(app, "values.yaml"), "irsa:\n  namespace: platform-system\n")
	write(t, filepath.Join(app, ".helmignore"), "scratch/\n")
	write(t, filepath.Join(app, "scratch", "broken.yaml"), "{{ this is not a template\n")
	write(t, filepath.Join(app, "templates", "version.yaml"), `apiVersion: v1
kind: ConfigMap
metadata:
  name: versions
data:
  kube: "{{ .Capabilities.KubeVersion.Minor }}"
  policy: {{ if .Capabilities.APIVersions.Has "policy/v1" }}v1{{ else }}none{{ end }}
`)
	sub := filepath.Join(app, "charts", "irsa")
	write(t, filepath.Join(sub, "Chart.yaml"), "apiVersion: v2\nname: irsa\nversion: 1.0.0\n")
	write(t, filepath.Join(sub, "values.yaml"), "namespace: default\nserviceAccount: controller\n")
	write(t, filepath.Join(sub, "templates", "sa.yaml"), `apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ .Values.serviceAccount }}
  namespace: {{ .Values.namespace }}
`)
	opts := options(root, nil)
	opts.KubeVersion = "1.29"
	out := Render(context.Background(), FindCharts([]string{filepath.Join(app, "Chart.yaml"), filepath.Join(sub, "Chart.yaml")}), nil, opts)
	if len(out.Diagnostics) > 0 {
		t.Fatalf("diagnostics (a .helmignore'd file was read?): %+v", out.Diagnostics)
	}
	if out.Renders != 1 {
		t.Errorf("renders = %d: a vendored subchart renders with its parent only", out.Renders)
	}
	es, ds := parse(out, nil)
	if len(ds) > 0 {
		t.Fatalf("kube diagnostics: %+v", ds)
	}
	var sa *lint.ServiceAccount
	for _, e := range es {
		if x, ok := e.(*lint.ServiceAccount); ok {
			sa = x
		}
	}
	if sa == nil {
		t.Fatal("subchart service account not rendered")
	}
	// The parent's value for the subchart wins, at the parent's key; the
	// subchart's own default at its values.yaml.
	if ns, _ := sa.Namespace.Str(); ns != "platform-system" {
		t.Errorf("namespace = %v", sa.Namespace)
	}
	if want := rng("charts/platform/charts/irsa/values.yaml", 2, 17, 27); sa.NameRange != want {
		t.Errorf("subchart name range = %s, want %s", show(sa.NameRange), show(want))
	}
	var cm string
	for _, r := range out.Rendered {
		if r.Template == "charts/irsa/templates/sa.yaml" && r.File != "charts/platform/charts/irsa/templates/sa.yaml" {
			t.Errorf("subchart template file = %s", r.File)
		}
		if r.Template == "templates/version.yaml" {
			cm = string(r.Content)
		}
	}
	if !strings.Contains(cm, `kube: "29"`) || !strings.Contains(cm, "policy: v1") {
		t.Errorf("capabilities:\n%s", cm)
	}
	missing := false
	for _, n := range out.Notes {
		missing = missing || (n.Kind == lint.Unresolved && strings.Contains(n.What, `dependency "metrics"`))
	}
	if !missing {
		t.Errorf("notes = %+v, want the missing dependency", out.Notes)
	}
	if CheckKubeVersion("1.31") != nil || CheckKubeVersion("one") == nil {
		t.Error("CheckKubeVersion")
	}
}

func TestChartBoundaries(t *testing.T) {
	parent := t.TempDir()
	root := filepath.Join(parent, "repo")
	outside := filepath.Join(parent, "elsewhere", "chart")
	write(t, filepath.Join(outside, "Chart.yaml"), "apiVersion: v2\nname: elsewhere\nversion: 1.0.0\n")
	write(t, filepath.Join(root, "charts", "empty", "README.md"), "no Chart.yaml here\n")
	rel := func(addr, dir string) *lint.Release {
		return &lint.Release{Object: lint.Object{Kind: lint.KindRelease, Addr: addr, Label: addr, Name: lint.Known(addr),
			Range: rng("infra/main.tf", 3, 1, 20)}, ChartDir: dir}
	}
	out := Render(context.Background(), nil, []*lint.Release{rel("outside", outside), rel("empty", filepath.Join(root, "charts", "empty"))}, options(root, nil))
	if len(out.Diagnostics) != 1 || out.Diagnostics[0].Range != rng("infra/main.tf", 3, 1, 20) || out.Diagnostics[0].Summary != "cannot load chart" {
		t.Errorf("a release naming a directory without Chart.yaml: %+v", out.Diagnostics)
	}
	noted := false
	for _, n := range out.Notes {
		noted = noted || (n.Kind == lint.Skipped && strings.Contains(n.What, "outside the scanned tree"))
	}
	if !noted {
		t.Errorf("a chart outside the scanned tree: notes %+v", out.Notes)
	}

	// A renderer whose output exceeds the bound is stopped.
	root = fixture(t, "releases")
	c := child(20 * time.Second)
	c.MaxOutput = 512
	opts := options(root, nil)
	opts.Renderer = c
	out = Render(context.Background(), FindCharts(yamlFiles(t, root)), nil, opts)
	if len(out.Diagnostics) != 1 || !strings.Contains(out.Diagnostics[0].Summary, "output exceeds") {
		t.Errorf("output bound: %+v", out.Diagnostics)
	}
}

// FuzzReleasesFromYAML: no input panics the release finder.
func FuzzReleasesFromYAML(f *testing.F) {
	for _, p := range []string{"releases/helmfile.yaml", "releases/argocd/nodes.yaml", "releases/flux/nodes.yaml", "releases/flux/values-configmap.yaml", "broken/argocd/plain.yaml"} {
		data, err := os.ReadFile(filepath.Join("testdata", p))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(filepath.Base(p), data)
	}
	f.Add("helmfile.yaml", []byte("releases:\n  - &a {name: x, values: [*a], set: [{name: a\\.b, value: *a}]}\n"))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		dir := t.TempDir()
		if name != "helmfile.yaml" {
			name = "app.yaml"
		}
		ReleasesFromYAML(name, filepath.Join(dir, name), data, lint.Scope{}, Options{Roots: []string{dir}})
	})
}

func TestAliasBombInValues(t *testing.T) {
	var b strings.Builder
	b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i < 30; i++ {
		fmt.Fprintf(&b, "a%d: &a%d {k1: *a%d, k2: *a%d, k3: *a%d, k4: *a%d}\n", i, i, i-1, i-1, i-1, i-1)
	}
	root := t.TempDir()
	write(t, filepath.Join(root, "c", "Chart.yaml"), "apiVersion: v2\nname: c\nversion: 1.0.0\n")
	write(t, filepath.Join(root, "c", "values.yaml"), b.String())
	write(t, filepath.Join(root, "c", "templates", "cm.yaml"), "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: x\n")
	write(t, filepath.Join(root, "helmfile.yaml"), "releases:\n  - name: c\n    chart: ./c\n    values:\n      - c/values.yaml\n")
	done := make(chan struct{})
	go func() {
		defer close(done)
		opts := options(root, nil)
		rels, _, _ := findReleases(t, root, opts)
		opts.Renderer = child(5 * time.Second)
		out := Render(context.Background(), FindCharts([]string{filepath.Join(root, "c")}), rels, opts)
		parse(out, nil)
		for _, r := range out.Rendered {
			r.Map(rng(r.Name, 4, 9, 10), "x")
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("an alias bomb in values stalls the linter")
	}
}

func TestRenderChart(t *testing.T) {
	root := fixture(t, "releases")
	write(t, filepath.Join(root, "charts", "nodes", "crds", "nodeclass.yaml"), "apiVersion: apiextensions.k8s.io/v1\nkind: CustomResourceDefinition\nmetadata:\n  name: ec2nodeclasses.karpenter.k8s.aws\n")
	opts := options(root, nil)
	text, notes, err := RenderChart(context.Background(), ChartRequest{
		Chart: filepath.Join(root, "charts", "nodes"), ReleaseName: "kz", Namespace: "nodes",
		ValuesFiles: []string{filepath.Join(root, "values", "prod.yaml")},
		Values:      map[string]any{"pool": map[string]any{"name": "kustomized"}},
		IncludeCRDs: true,
	}, opts)
	if err != nil || len(notes) > 0 {
		t.Fatalf("RenderChart: %v %v", err, notes)
	}
	s := string(text)
	for _, want := range []string{"# Source: nodes/crds/nodeclass.yaml\napiVersion: apiextensions.k8s.io/v1", "# Source: nodes/templates/ec2nodeclass.yaml", "name: kustomized", `role: "prod-karpenter-nodes"`, "name: kz-nodes\n  namespace: nodes"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	if strings.Index(s, "crds/") > strings.Index(s, "templates/") {
		t.Error("CRDs come after templates")
	}
	if _, _, err := RenderChart(context.Background(), ChartRequest{Chart: filepath.Join(root, "charts", "absent")}, opts); !errors.Is(err, ErrNotInTree) {
		t.Errorf("absent chart: %v", err)
	}
}

// TestFinderReadsParsedDocuments: a file handed on with its documents is
// read from them, not decoded again (an Application renamed in its parsed
// documents is found under that name); without documents it is decoded.
func TestFinderReadsParsedDocuments(t *testing.T) {
	const app = "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata:\n  name: from-text\nspec:\n  source:\n    repoURL: https://charts.example.com\n    chart: redis\n    targetRevision: 19.0.1\n  destination:\n    namespace: cache\n"
	docs, err := parseYAML([]byte(app))
	if err != nil || len(docs) != 1 {
		t.Fatal(err)
	}
	docs[0].Content[0].Content[5].Content[1].Value = "from-parse" // metadata.name
	for _, tc := range []struct {
		docs []*yaml.Node
		want string
	}{{docs, "from-parse"}, {nil, "from-text"}} {
		f := NewFinder(Options{})
		f.AddParsed("apps.yaml", "/repo/apps.yaml", []byte(app), tc.docs, lint.Scope{})
		rels, _, _ := f.Releases()
		if len(rels) != 1 || rels[0].Name.String() != tc.want {
			var names []string
			for _, r := range rels {
				names = append(names, r.Name.String())
			}
			t.Errorf("releases %v, want one named %s", names, tc.want)
		}
	}
}

// The value index keeps the value in effect for each key: a parent chart's
// list replaces the subchart's items, a release's scalar replaces the
// chart's map below that key, and keys beside them stay.
func TestBuildIndexKeepsValuesInEffect(t *testing.T) {
	doc := func(src string) *yaml.Node {
		var n yaml.Node
		if err := yaml.Unmarshal([]byte(src), &n); err != nil {
			t.Fatal(err)
		}
		return n.Content[0]
	}
	cd := &chartData{abs: "/r/c", rel: "c", values: map[string]*yaml.Node{
		"charts/sub/values.yaml": doc("tolerations:\n- key: dedicated\n  value: gpu\nimage: sub-image\n"),
		"values.yaml":            doc("sub:\n  tolerations: []\nresources:\n  limits:\n    cpu: 500m\n  requests:\n    memory: 128Mi\nname: web\n"),
	}}
	p := &paths{rel: func(s string) string { return strings.TrimPrefix(s, "/r/") }}
	rel := &lint.Release{Values: map[string]any{"resources": "none"}, ValueRanges: map[string]lint.Range{"resources": rng("v.yaml", 1, 12, 16)}}
	idx := buildIndex(cd, rel, p)
	var got []string
	for text, es := range idx.byText {
		for _, e := range es {
			got = append(got, e.key+"="+text)
		}
	}
	sort.Strings(got)
	want := []string{"name=web", "resources=none", "sub.image=sub-image"}
	if !slices.Equal(got, want) {
		t.Errorf("index = %q, want %q", got, want)
	}
}

// TestAliasedSubchartPositions: Helm names an aliased subchart's templates
// by the alias (charts/jobs/templates/sa.yaml); positions are in the
// subchart's own directory, the file that exists.
func TestAliasedSubchartPositions(t *testing.T) {
	root := t.TempDir()
	app := filepath.Join(root, "charts", "shop")
	write(t, filepath.Join(app, "Chart.yaml"), `apiVersion: v2
name: shop
version: 1.4.0
dependencies:
  - name: worker
    version: 0.3.0
    alias: jobs
`)
	write(t, filepath.Join(app, "values.yaml"), "jobs:\n  account: batch\n")
	sub := filepath.Join(app, "charts", "worker")
	write(t, filepath.Join(sub, "Chart.yaml"), "apiVersion: v2\nname: worker\nversion: 0.3.0\n")
	write(t, filepath.Join(sub, "values.yaml"), "account: worker\n")
	write(t, filepath.Join(sub, "templates", "sa.yaml"), `apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ .Release.Name }}-{{ .Values.account }}
`)
	out := Render(context.Background(), FindCharts([]string{filepath.Join(app, "Chart.yaml")}), nil, options(root, nil))
	if len(out.Diagnostics) > 0 {
		t.Fatalf("diagnostics: %+v", out.Diagnostics)
	}
	found := false
	for _, r := range out.Rendered {
		if r.Template != "charts/jobs/templates/sa.yaml" {
			continue
		}
		found = true
		if want := "charts/shop/charts/worker/templates/sa.yaml"; r.File != want {
			t.Errorf("file = %s, want %s", r.File, want)
		}
		if got := r.Map(rng("rendered", 4, 3, 3), ""); got.File != "charts/shop/charts/worker/templates/sa.yaml" || got.Line != 4 {
			t.Errorf("name line maps to %s, want line 4 of the subchart's template", show(got))
		}
	}
	if !found {
		t.Fatalf("no template charts/jobs/templates/sa.yaml rendered: %v", out.Rendered)
	}
}
