package kustomize

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/internal/benchgen"
	"github.com/faultline-dev/faultline/internal/treefs"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// rebuildShare measures how much of krusty's work for a tree's roots
// rebuilds kustomizations another build already built: each
// kustomization (not a Component) is built alone to time it, its own
// share is that minus the kustomizations it includes, and every
// inclusion past the first (counted along every path from every root) is
// work a build-once scheme would save. A kustomization built alone also
// pays krusty's fixed cost of a build (the loader, the schema, the sort,
// the clean-up of build annotations), which a reuse inside an overlay's
// build would not save: the figure is an upper bound. It returns the
// krusty time of the roots and the part a build-once scheme would save.
func rebuildShare(tb testing.TB, root string) (roots int, total, saved time.Duration) {
	tb.Helper()
	tree := treefs.New([]string{root}, root)
	g := &kgraph{src: source{tree: tree}, nodes: map[string]*knode{}}
	dirs := kustomizationDirs(tb, root)
	abs := make([]string, 0, len(dirs))
	for _, d := range dirs {
		a, _ := filepath.Abs(d)
		abs = append(abs, a)
		g.visit(a)
	}
	sort.Strings(abs)
	kroots := g.roots(abs)
	fs := filesys.MakeFsOnDisk()
	times := map[string]time.Duration{}
	timeOf := func(d string) time.Duration {
		if t, ok := times[d]; ok {
			return t
		}
		best := time.Duration(-1)
		for i := 0; i < 3; i++ {
			start := time.Now()
			_, err := run(fs, d, false, true)
			el := time.Since(start)
			if err != nil {
				el = 0
			}
			if best < 0 || el < best {
				best = el
			}
		}
		times[d] = best
		return best
	}
	// mult counts how many times the roots' builds build each directory.
	mult := map[string]int{}
	var walk func(d string, depth int)
	walk = func(d string, depth int) {
		n := g.nodes[d]
		if n == nil || depth > 32 {
			return
		}
		if !n.component {
			mult[d]++
		}
		for _, c := range n.includes {
			walk(c, depth+1)
		}
	}
	for _, r := range kroots {
		walk(r, 0)
		total += timeOf(r)
	}
	for d, m := range mult {
		if m < 2 {
			continue
		}
		own := timeOf(d)
		for _, c := range g.nodes[d].includes {
			if cn := g.nodes[c]; cn != nil && !cn.component {
				own -= timeOf(c)
			}
		}
		if own > 0 {
			saved += time.Duration(m-1) * own
		}
	}
	return len(kroots), total, saved
}

// oneBaseTree writes one base (a Deployment, a Service, a ConfigMap
// generator) that n overlays each prefix, label, patch and re-tag.
func oneBaseTree(tb testing.TB, root string, n int) {
	tb.Helper()
	write := func(rel, body string) {
		p := filepath.Join(root, rel)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	write("base/kustomization.yaml", "resources:\n  - deployment.yaml\n  - service.yaml\nconfigMapGenerator:\n  - name: web-settings\n    literals:\n      - LOG_LEVEL=info\n")
	write("base/deployment.yaml", `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
        - name: web
          image: registry.example.org/web:1.0.0
          envFrom:
            - configMapRef:
                name: web-settings
`)
	write("base/service.yaml", "apiVersion: v1\nkind: Service\nmetadata:\n  name: web\nspec:\n  selector:\n    app: web\n  ports:\n    - port: 80\n")
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.Reset()
		fmt.Fprintf(&b, "namePrefix: team%02d-\nnamespace: team%02d\nlabels:\n  - pairs:\n      team: team%02d\nresources:\n  - ../../base\nimages:\n  - name: registry.example.org/web\n    newTag: \"1.%d.0\"\npatches:\n  - target:\n      kind: Deployment\n      name: web\n    patch: |-\n      - op: replace\n        path: /spec/replicas\n        value: %d\n", i, i, i, i, i%3+1)
		write(fmt.Sprintf("overlays/team%02d/kustomization.yaml", i), b.String())
	}
}

// BenchmarkRebuildShare reports, per tree, the share of krusty's time for
// the tree's roots that rebuilds a kustomization another build of the run
// already built (rebuild-%): the most a base-built-once scheme could save.
// FAULTLINE_KUSTOMIZE_TREES adds trees (colon-separated directories).
func BenchmarkRebuildShare(b *testing.B) {
	trees := map[string]string{}
	one := b.TempDir()
	oneBaseTree(b, one, 20)
	trees["1base-20overlays"] = one
	shared := b.TempDir()
	sharedTree{apps: 5, clusters: 3, envs: []string{"dev", "qa", "stage", "prod"}}.write(b, shared)
	trees["sharedTree"] = shared
	every := b.TempDir()
	if _, err := benchgen.Generate(every, benchgen.Options{Teams: 20}); err != nil {
		b.Fatal(err)
	}
	trees["benchgen20"] = every
	for _, d := range filepath.SplitList(os.Getenv("FAULTLINE_KUSTOMIZE_TREES")) {
		if d != "" {
			trees[filepath.Base(d)] = d
		}
	}
	names := make([]string, 0, len(trees))
	for n := range trees {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		b.Run(name, func(b *testing.B) {
			var roots int
			var total, saved time.Duration
			for b.Loop() {
				roots, total, saved = rebuildShare(b, trees[name])
			}
			b.ReportMetric(float64(roots), "roots")
			b.ReportMetric(float64(total.Microseconds())/1000, "krusty-ms")
			b.ReportMetric(float64(saved.Microseconds())/1000, "rebuild-ms")
			if total > 0 {
				b.ReportMetric(100*float64(saved)/float64(total), "rebuild-%")
			}
		})
	}
}
