package kustomize

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
)

// putFiles writes files (slash paths → content) under root.
func putFiles(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A base whose kustomization every build rewrites (bases renamed, a
// remote entry removed) renders in each overlay with a run's cache as it
// does without one: the cache parses it once, and each build rewrites a
// copy of its own.
func TestCachedKustomizationIsRewrittenPerBuild(t *testing.T) {
	root := t.TempDir()
	putFiles(t, root, map[string]string{
		"base/kustomization.yaml":   "bases:\n  - ../common\nresources:\n  - https://example.com/remote.yaml\n  - sa.yaml\n",
		"base/sa.yaml":              "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: app\n",
		"common/kustomization.yaml": "resources:\n  - cm.yaml\n",
		"common/cm.yaml":            "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\n",
		"a/kustomization.yaml":      "namePrefix: a-\nresources:\n  - ../base\n",
		"b/kustomization.yaml":      "namePrefix: b-\nresources:\n  - ../base\n",
	})
	tree := treefs.New([]string{root}, root)
	plain := Options{ScanRoot: root, Tree: tree}
	cached := plain
	cached.Cache = NewCache()
	for _, overlay := range []string{"a", "b", "a"} {
		want, wantDiags, wantNotes := Render(overlay, plain)
		got, diags, notes := Render(overlay, cached)
		if len(want.Content) == 0 || len(wantNotes) != 1 {
			t.Fatalf("%s without a cache: %q %v %v", overlay, want.Content, wantDiags, wantNotes)
		}
		if string(got.Content) != string(want.Content) || !reflect.DeepEqual(diags, wantDiags) || !reflect.DeepEqual(notes, wantNotes) {
			t.Errorf("%s with a cache:\n%s %v %v\nwithout:\n%s %v %v", overlay, got.Content, diags, notes, want.Content, wantDiags, wantNotes)
		}
	}
}

// The documents a render hands on are its output's, parsed whole, and kube
// reads them as it reads the output's text: the same entities at the
// same mapped ranges.
func TestRenderedDocsReadAsContent(t *testing.T) {
	root := t.TempDir()
	sharedTree{apps: 2, clusters: 1, envs: []string{"dev"}}.write(t, root)
	tree := treefs.New([]string{root}, root)
	r, diags, notes := Render(filepath.Join(root, "clusters/c0/dev"), Options{ScanRoot: root, Tree: tree, Cache: NewCache()})
	clean(t, r, diags, notes)
	docs, ok := pluginDocs(r.Content)
	if !ok || len(r.Docs) != len(docs) || len(docs) < 10 {
		t.Fatalf("Docs: %d documents, the output has %d (parsed whole: %v)", len(r.Docs), len(docs), ok)
	}
	opts := kube.Options{Source: lint.SourceKustomize, MapRange: r.Map}
	want, wantDiags := kube.Parse("rendered", r.Content, opts)
	opts.Parsed = r.Docs
	got, gotDiags := kube.Parse("rendered", r.Content, opts)
	if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(gotDiags, wantDiags) {
		t.Errorf("from Docs:\n%+v %v\nfrom Content:\n%+v %v", got, gotDiags, want, wantDiags)
	}
}

// A copied tree shares no node with the original, aliases included.
func TestCloneTreeOwnsItsAliases(t *testing.T) {
	docs, ok := pluginDocs([]byte("a: &x {k: v}\nb: *x\n"))
	if !ok || len(docs) != 1 {
		t.Fatal("does not parse")
	}
	orig := docs[0]
	c := cloneTree(orig)
	var nodes func(n *yaml.Node, into map[*yaml.Node]bool)
	nodes = func(n *yaml.Node, into map[*yaml.Node]bool) {
		into[n] = true
		for _, x := range n.Content {
			nodes(x, into)
		}
	}
	was, is := map[*yaml.Node]bool{}, map[*yaml.Node]bool{}
	nodes(orig, was)
	nodes(c, is)
	for n := range is {
		if was[n] || n.Alias != nil && was[n.Alias] {
			t.Fatalf("the copy shares %+v with the original", n)
		}
	}
	alias := docRoot(c).Content[3]
	if alias.Kind != yaml.AliasNode || alias.Alias != docRoot(c).Content[1] {
		t.Errorf("the alias points to %p, want the copy's anchor %p", alias.Alias, docRoot(c).Content[1])
	}
}

// renderAll renders every root under root with one cache and checks that
// the documents handed on are what parsing each output gives (nodes,
// lines, columns); it returns how many outputs it checked.
func renderAll(t *testing.T, root string) int {
	t.Helper()
	tree := treefs.New([]string{root}, root)
	kroots, _ := FindIn(tree, kustomizationDirs(t, root))
	opts := Options{ScanRoot: root, Tree: tree, Helm: fakeHelm, Cache: NewCache()}
	var outs []Rendered
	for _, kr := range kroots {
		r, _, _ := Render(kr, opts)
		outs = append(outs, r)
	}
	// Checked once every root rendered: no output's documents are shared
	// with another's.
	checked := 0
	for i, r := range outs {
		kr := kroots[i]
		if len(r.Content) == 0 {
			continue
		}
		docs, ok := pluginDocs(r.Content)
		if !ok {
			if r.Docs != nil {
				t.Errorf("%s: Docs for an output that does not parse", kr)
			}
			continue
		}
		if !reflect.DeepEqual(r.Docs, docs) {
			t.Errorf("%s: the documents handed on differ from the output's parse", kr)
		}
		checked++
	}
	return checked
}

// Objects several roots render alike are parsed once and copied to where
// each output holds them: the documents are still exactly the output's.
func TestOutputDocsAreTheOutputsParse(t *testing.T) {
	root := sharedObjectTree(t)
	if n := renderAll(t, root); n != 4 {
		t.Errorf("%d outputs checked, want 4", n)
	}
	generated := t.TempDir()
	sharedTree{apps: 3, clusters: 2, envs: []string{"dev", "prod"}}.write(t, generated)
	if n := renderAll(t, generated); n != 4 {
		t.Errorf("%d generated outputs checked, want 4", n)
	}
	for _, tree := range corpusTrees() {
		t.Logf("%s: %d outputs checked", tree, renderAll(t, tree))
	}
}

// Renders on several goroutines with one cache, as the engine runs them,
// each get the documents of their own output.
func TestOutputDocsConcurrent(t *testing.T) {
	root := sharedObjectTree(t)
	tree := treefs.New([]string{root}, root)
	opts := Options{ScanRoot: root, Tree: tree, Cache: NewCache()}
	const rounds = 3
	outs := make([]Rendered, 4*rounds)
	var wg sync.WaitGroup
	for i := range outs {
		wg.Go(func() {
			outs[i], _, _ = Render(filepath.Join(root, string(rune('a'+i%4))), opts)
		})
	}
	wg.Wait()
	for i, r := range outs {
		docs, ok := pluginDocs(r.Content)
		if !ok || len(docs) != 3 || !reflect.DeepEqual(r.Docs, docs) {
			t.Errorf("render %d: the documents handed on differ from the output's parse", i)
		}
	}
}

// sharedObjectTree writes four overlays whose outputs share a ConfigMap
// at a different line in each and returns the tree's root.
func sharedObjectTree(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	shared := "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  script: |\n    Multi-line\n    text\n  n: \"1\"\n"
	files := map[string]string{
		"shared/kustomization.yaml": "resources:\n  - cm.yaml\n",
		"shared/cm.yaml":            shared,
	}
	// Each overlay's Namespace comes before the shared ConfigMap and is as
	// many lines long as its labels; its ServiceAccount comes after.
	for i, o := range []string{"a", "b", "c", "d"} {
		files[o+"/kustomization.yaml"] = "resources:\n  - ns.yaml\n  - ../shared\n  - sa.yaml\n"
		files[o+"/sa.yaml"] = "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: " + o + "\n"
		files[o+"/ns.yaml"] = "apiVersion: v1\nkind: Namespace\nmetadata:\n  name: " + o + "\n  labels:\n    long: \"" + strings.Repeat(o, 100) + "\"\n"
		for j := range i {
			files[o+"/ns.yaml"] += fmt.Sprintf("    l%d: x\n", j)
		}
	}
	putFiles(t, root, files)
	return root
}
