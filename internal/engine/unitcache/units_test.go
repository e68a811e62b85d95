package unitcache

import (
	"context"
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"github.com/faultline-dev/faultline/internal/benchgen"
	"github.com/faultline-dev/faultline/internal/cache"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/helm"
	"github.com/faultline-dev/faultline/parsers/helm/chartrender"
	"github.com/faultline-dev/faultline/parsers/kustomize"
)

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

// noRender fails the test when anything is rendered.
type noRender struct{ t *testing.T }

// unitsFor is a per-unit cache over store, for tests.
func unitsFor(store *cache.Store, tree *treefs.Tree) *Units {
	return &Units{store: store, build: "test", tree: tree, checker: cache.NewChecker(tree), parses: pack{kind: parsePackKind}, renders: pack{kind: renderPackKind, keepUnused: true}}
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
		charts = append(charts, helm.FindCharts(findFiles(t, filepath.Join("..", "..", "..", "parsers", "helm", "testdata", d), "Chart.yaml"))...)
	}
	// A chart that fails for want of a dependency: a problem with notes.
	charts = append(charts, helm.FindCharts(findFiles(t, filepath.Join("..", "..", "..", "rules", "testdata", "FL000", "negative_chart_dependency_not_vendored"), "Chart.yaml"))...)
	store, err := cache.Open(t.TempDir(), cache.DefaultMax)
	if err != nil {
		t.Fatal(err)
	}
	fresh := &captured{r: chartrender.InProcess{}, got: map[string]capturedRender{}}
	u := unitsFor(store, nil)
	helm.Render(context.Background(), charts, nil, helm.Options{Renderer: u.Renderer(fresh)})
	u.Flush()
	errs, noted := 0, 0
	for _, e := range fresh.got {
		if e.Err != nil {
			errs++
			if len(e.Result.Notes) > 0 {
				noted++
			}
		}
	}
	if len(fresh.got) < 5 || errs == 0 || noted == 0 || u.Done().ChartsRendered != len(fresh.got) {
		t.Fatalf("%d renderings (%d failed, %d of them with notes, %s) of %d charts: the test proves nothing", len(fresh.got), errs, noted, u.Done(), len(charts))
	}
	kept := &captured{r: unitsFor(store, nil).Renderer(noRender{t}), got: map[string]capturedRender{}}
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
	td, err := filepath.Abs(filepath.Join("..", "..", "..", "parsers", "kustomize", "testdata"))
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
		built := map[string]KustBuild{}
		queries := map[string][]positionQuery{}
		answers := map[string][]lint.Range{}
		kc := kustomize.NewCache()
		for _, root := range roots {
			in := cache.NewInputs()
			var b KustBuild
			b.Out, b.Diags, b.Notes = kustomize.Render(root, kustomize.Options{ScanRoot: dir, Tree: tree, Cache: kc, Inputs: in})
			m, _ := u.KeepKustomization(root, b, in, true)
			// Every line start and every scalar start of the output.
			for i, line := range strings.Split(string(b.Out.Content), "\n") {
				for _, col := range []int{1, len(line) - len(strings.TrimLeft(line, " -")) + 1} {
					q := positionQuery{lint.Range{File: b.Out.Root, Line: i + 1, Column: col, EndLine: i + 1, EndColumn: col}, ""}
					queries[root] = append(queries[root], q)
					answers[root] = append(answers[root], m(q.r, q.text))
				}
			}
			built[root] = b
		}
		u.Flush()
		contents := 0
		kept := unitsFor(store, tree)
		for _, root := range roots {
			remake := func() func(lint.Range, string) lint.Range {
				t.Errorf("%s: built again for a position asked before", root)
				return func(r lint.Range, _ string) lint.Range { return r }
			}
			got, _, ok := kept.LookupKustomization(root, remake)
			if !ok {
				t.Errorf("%s: not kept", root)
				continue
			}
			want := built[root]
			if len(want.Out.Content) > 0 {
				contents++
			}
			if got.Out.Root != want.Out.Root || !reflect.DeepEqual(got.Out.Content, want.Out.Content) ||
				!reflect.DeepEqual(got.Diags, want.Diags) || !reflect.DeepEqual(got.Notes, want.Notes) {
				t.Errorf("%s: kept build differs:\n%+v\nwant\n%+v", root, got, want)
			}
			for i, q := range queries[root] {
				if a := got.Out.Map(q.r, q.text); a != answers[root][i] {
					t.Errorf("%s: position %v maps to %v, want %v", root, q.r, a, answers[root][i])
				}
			}
		}
		if contents < 3 {
			t.Errorf("%s: %d of %d roots rendered: the test proves nothing", dir, contents, len(roots))
		}
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

func (n noRender) Render(context.Context, helm.Request) (helm.Result, error) {
	n.t.Error("a kept rendering was rendered again")
	return helm.Result{}, &helm.StoppedError{Reason: "test"}
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
	u1.Flush()

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

// write writes files (by slash path under root, with their content).
func write(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
