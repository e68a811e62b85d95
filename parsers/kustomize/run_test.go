package kustomize

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"testing"

	"sigs.k8s.io/kustomize/kyaml/openapi"

	"github.com/faultline-dev/faultline/internal/benchgen"
	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
)

// concurrentTree writes a tree whose roots build shared (the generated
// shared-bases layout, a strategic-merge patch over a base) next to roots
// that must build alone: one that brings its own OpenAPI schema, one with
// deprecated fields krusty warns about on stderr, one spelling a
// deprecated field in another case.
func concurrentTree(t *testing.T) (string, []string) {
	t.Helper()
	root := t.TempDir()
	sharedTree{apps: 2, clusters: 2, envs: []string{"dev", "prod"}}.write(t, root)
	deploy := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n        - name: web\n          image: registry.example.com/web:1.4.0\n"
	limits := "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: web\nspec:\n  template:\n    spec:\n      containers:\n        - name: web\n          resources:\n            limits:\n              memory: 512Mi\n"
	files := map[string]string{
		"crds-only/kustomization.yaml": "openapi:\n  path: schema.json\nresources:\n  - widget.yaml\n",
		"crds-only/schema.json":        `{"definitions": {"io.example.v1.Widget": {"type": "object", "x-kubernetes-group-version-kind": [{"group": "example.io", "kind": "Widget", "version": "v1"}]}}}`,
		"crds-only/widget.yaml":        "apiVersion: example.io/v1\nkind: Widget\nmetadata:\n  name: w\n",
		"web/base/kustomization.yaml":  "resources:\n  - deploy.yaml\n",
		"web/base/deploy.yaml":         deploy,
		"web/prod/kustomization.yaml":  "resources:\n  - ../base\npatches:\n  - path: limits.yaml\n",
		"web/prod/limits.yaml":         limits,
		"legacy/kustomization.yaml":    "resources:\n  - ../web/base\ncommonLabels:\n  team: legacy\npatchesStrategicMerge:\n  - limits.yaml\n",
		"legacy/limits.yaml":           limits,
		"shouting/kustomization.yaml":  "resources:\n  - ../web/base\nCommonLabels:\n  team: loud\n",
	}
	for p, c := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	tree := treefs.New([]string{root}, root)
	kroots, _ := FindIn(tree, kustomizationDirs(t, root))
	if len(kroots) != 8 {
		t.Fatalf("roots = %v, want 8", kroots)
	}
	return root, kroots
}

// rendering is what a test compares of one Render.
type rendering struct {
	content string
	diags   []lint.Diagnostic
	notes   []lint.Note
	image   lint.Range // where the first image value maps to
}

func renderFor(root, kroot string, opts Options) rendering {
	r, diags, notes := Render(kroot, opts)
	out := rendering{content: string(r.Content), diags: diags, notes: notes}
	out.image = r.Map(lint.Range{File: "rendered", Line: 1, Column: 1, EndLine: 1, EndColumn: 1}, "")
	return out
}

// Roots built concurrently (as the engine builds them, one Cache for the
// run) render exactly as they do one after another, also when roots that
// bring a schema or warn on stderr build among them, and krusty's
// deprecation notices stay off stderr; run with -race.
func TestConcurrentBuildsRenderAsSequential(t *testing.T) {
	root, kroots := concurrentTree(t)
	tree := treefs.New([]string{root}, root)
	want := map[string]rendering{}
	for _, kr := range kroots {
		want[kr] = renderFor(root, kr, Options{ScanRoot: root, Tree: tree, Helm: fakeHelm})
		if want[kr].content == "" || len(want[kr].diags) > 0 {
			t.Fatalf("%s: %v\n%s", kr, want[kr].diags, want[kr].content)
		}
	}
	stderr := os.Stderr
	captured, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer captured.Close()
	os.Stderr = captured
	defer func() { os.Stderr = stderr }()
	for round := range 6 {
		coldSchema()
		opts := Options{ScanRoot: root, Tree: tree, Helm: fakeHelm, Cache: NewCache()}
		var wg sync.WaitGroup
		got := make([]rendering, 4*len(kroots))
		for i := range got {
			kr := kroots[(i+round)%len(kroots)]
			wg.Go(func() { got[i] = renderFor(root, kr, opts) })
		}
		wg.Wait()
		for i, g := range got {
			kr := kroots[(i+round)%len(kroots)]
			if !reflect.DeepEqual(g, want[kr]) {
				t.Errorf("round %d, %s concurrently:\n%+v\none after another:\n%+v", round, kr, g, want[kr])
			}
		}
	}
	if os.Stderr != captured {
		t.Error("os.Stderr was not restored")
	}
	if out, err := os.ReadFile(captured.Name()); err != nil || len(out) > 0 {
		t.Errorf("krusty wrote to stderr (%v):\n%s", err, out)
	}
}

// coldSchema puts kyaml's schema back to how a process starts: not
// parsed, so that builds racing to parse it are exercised too.
func coldSchema() {
	gate.mu.Lock()
	defer gate.mu.Unlock()
	openapi.ResetOpenAPI()
	gate.warm = false
}

// A build may replace the schema exactly when a kustomization in its tree
// names `openapi`, and may print on stderr exactly when one names a field
// krusty warns about, in any case krusty reads it in; a kustomization
// faultline cannot read may do either.
func TestBuildsTouchingProcessState(t *testing.T) {
	for _, tc := range []struct {
		kust         string
		schema, warn bool
	}{
		{"resources:\n  - deploy.yaml\nlabels:\n  - pairs:\n      a: b\n", false, false},
		{"resources:\n  - deploy.yaml\npatches:\n  - path: p.yaml\nimages:\n  - name: x\n    newTag: \"1\"\n", false, false},
		{"resources:\n  - ../bases/web\n", false, false},
		{"openapi:\n  path: schema.json\n", true, false},
		{"OpenAPI:\n  version: v1.21.2\n", true, false},
		{"commonLabels:\n  a: b\n", false, true},
		{"CommonLabels:\n  a: b\n", false, true},
		{"imageTags:\n  - name: x\n", false, true},
		{"patchesJson6902: []\n", false, true},
		{"patchesStrategicMerge:\n  - p.yaml\n", false, true},
		{"vars: []\n", false, true},
		{"openapi:\n  path: schema.json\nvars: []\n", true, true},
		{"bases:\n  - ../base\nresources:\n  - x\n", false, false}, // faultline merges bases into resources
		{"", true, true}, // not a mapping faultline reads: krusty decides
	} {
		root := t.TempDir()
		if err := os.WriteFile(filepath.Join(root, "kustomization.yaml"), []byte(tc.kust), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{"deploy.yaml", "p.yaml", "schema.json", "x"} {
			if err := os.WriteFile(filepath.Join(root, f), []byte("{}\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		b := newBuilder(Options{ScanRoot: root})
		b.loadDir(root)
		if got := b.setsSchema(); got != tc.schema {
			t.Errorf("%q: setsSchema = %v, want %v", tc.kust, got, tc.schema)
		}
		if got := b.mayWarn(); got != tc.warn {
			t.Errorf("%q: mayWarn = %v, want %v", tc.kust, got, tc.warn)
		}
	}
}

// Overlapping quiet builds share one swap of os.Stderr: it stays the null
// device until the last of them stops, then is what it was before the
// first started.
func TestQuietOverlapping(t *testing.T) {
	before := os.Stderr
	stopA := quiet.start()
	quieted := os.Stderr
	if quieted == before {
		t.Fatal("os.Stderr not swapped")
	}
	stopB := quiet.start()
	stopA()
	if os.Stderr != quieted {
		t.Error("os.Stderr put back while a quiet build still runs")
	}
	stopB()
	if os.Stderr != before {
		t.Error("os.Stderr not put back after the last quiet build")
	}
}

// BenchmarkBuildConcurrent renders the shared-bases tree's roots on
// GOMAXPROCS goroutines with one Cache, as the engine does.
func BenchmarkBuildConcurrent(b *testing.B) {
	root := b.TempDir()
	sharedTree{apps: 5, clusters: 3, envs: []string{"dev", "qa", "stage", "prod"}}.write(b, root)
	benchConcurrent(b, root)
}

// BenchmarkBuildGenerated renders the kustomizations of the benchmark
// tree (internal/benchgen, 40 teams: 80 overlays over shared bases and a
// component) concurrently, as the engine does.
func BenchmarkBuildGenerated(b *testing.B) {
	root := b.TempDir()
	if _, err := benchgen.Generate(root, benchgen.Options{Teams: 40}); err != nil {
		b.Fatal(err)
	}
	benchConcurrent(b, root)
}

// benchConcurrent renders the roots under root on GOMAXPROCS goroutines
// with one Cache per iteration and reports the time per root.
func benchConcurrent(b *testing.B, root string) {
	tree := treefs.New([]string{root}, root)
	kroots, _ := FindIn(tree, kustomizationDirs(b, root))
	b.ReportAllocs()
	for b.Loop() {
		opts := Options{ScanRoot: root, Tree: tree, Helm: fakeHelm, Cache: NewCache()}
		next := make(chan string)
		var wg sync.WaitGroup
		for range runtime.GOMAXPROCS(0) {
			wg.Go(func() {
				for kr := range next {
					if r, diags, _ := Render(kr, opts); len(r.Content) == 0 {
						panic(fmt.Sprint(kr, diags))
					}
				}
			})
		}
		for _, kr := range kroots {
			next <- kr
		}
		close(next)
		wg.Wait()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(kroots)), "ns/root")
}

// Objects that read alike but differ in what their YAML says (a quoted
// number, a tag) are not taken for one another by the run's cache of
// rendered objects; objects alike in every way render alike.
func TestCacheKeepsObjectsApart(t *testing.T) {
	root := t.TempDir()
	widget := "apiVersion: example.io/v1\nkind: Widget\nmetadata:\n  name: w\nspec:\n  size: %s\n"
	files := map[string]string{
		"quoted/kustomization.yaml": "resources:\n  - w.yaml\n",
		"quoted/w.yaml":             fmt.Sprintf(widget, `"1"`),
		"plain/kustomization.yaml":  "resources:\n  - w.yaml\n",
		"plain/w.yaml":              fmt.Sprintf(widget, "1"),
		"tagged/kustomization.yaml": "resources:\n  - w.yaml\n",
		"tagged/w.yaml":             fmt.Sprintf(widget, "!!str 1"),
		"again/kustomization.yaml":  "resources:\n  - w.yaml\n",
		"again/w.yaml":              fmt.Sprintf(widget, "1"),
	}
	for p, c := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	opts := Options{ScanRoot: root, Cache: NewCache()}
	for _, tc := range []struct{ dir, want string }{
		{"quoted", `size: "1"`}, {"plain", "size: 1\n"}, {"tagged", `size: "1"`}, {"again", "size: 1\n"},
	} {
		r, diags, _ := Render(filepath.Join(root, tc.dir), opts)
		if len(diags) > 0 || !strings.Contains(string(r.Content), tc.want) {
			t.Errorf("%s: %v\n%s\nwant %q", tc.dir, diags, r.Content, tc.want)
		}
	}
	if n := len(opts.Cache.yaml); n != 3 {
		t.Errorf("%d objects cached, want 3 (the plain widget renders twice alike)", n)
	}
}
