package kustomize

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/treefs"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
)

// sharedTree describes a generated GitOps layout: apps bases, one
// Component, and per cluster and environment an overlay of every app
// (namePrefix, images, a strategic merge patch file, an inline JSON 6902
// patch) gathered by one root kustomization, so every base is built once
// per cluster and environment.
type sharedTree struct {
	apps, clusters int
	envs           []string
}

// write lays the tree out under dir and returns how many overlays it holds.
func (s sharedTree) write(tb testing.TB, dir string) int {
	tb.Helper()
	put := func(name, text string) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			tb.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	put("components/team/kustomization.yaml", "apiVersion: kustomize.config.k8s.io/v1alpha1\nkind: Component\nlabels:\n  - pairs:\n      team: platform\npatches:\n  - path: sa-annotation.yaml\n    target:\n      kind: ServiceAccount\n")
	put("components/team/sa-annotation.yaml", "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: not-important\n  annotations:\n    team: platform\n")
	for a := range s.apps {
		base := fmt.Sprintf("bases/app%d/", a)
		put(base+"kustomization.yaml", fmt.Sprintf("resources:\n  - deployment.yaml\n  - service.yaml\n  - serviceaccount.yaml\n  - nodepool.yaml\nconfigMapGenerator:\n  - name: settings%d\n    literals:\n      - LOG_LEVEL=info\n", a))
		put(base+"deployment.yaml", fmt.Sprintf(benchDeployment, a, a, a, a, a, a))
		put(base+"service.yaml", fmt.Sprintf("apiVersion: v1\nkind: Service\nmetadata:\n  name: app%d\nspec:\n  selector:\n    app: app%d\n  ports:\n    - port: 80\n      targetPort: 8080\n", a, a))
		put(base+"serviceaccount.yaml", fmt.Sprintf("apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: app%d\n  annotations:\n    eks.amazonaws.com/role-arn: arn:aws:iam::111122223333:role/app%d\n", a, a))
		put(base+"nodepool.yaml", fmt.Sprintf(benchNodePool, a))
	}
	overlays := 0
	for c := range s.clusters {
		for _, env := range s.envs {
			root := fmt.Sprintf("clusters/c%d/%s/", c, env)
			var res []string
			for a := range s.apps {
				o := fmt.Sprintf("%sapps/app%d/", root, a)
				put(o+"kustomization.yaml", fmt.Sprintf(benchOverlay, a, env, c, a, a, env))
				put(o+"replicas.yaml", fmt.Sprintf("apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: app%d\nspec:\n  replicas: %d\n", a, 1+c))
				res = append(res, fmt.Sprintf("  - apps/app%d", a))
				overlays++
			}
			put(root+"kustomization.yaml", fmt.Sprintf("namespace: %s\nresources:\n%s\n", env, strings.Join(res, "\n")))
		}
	}
	return overlays
}

const benchDeployment = `apiVersion: apps/v1
kind: Deployment
metadata:
  name: app%d
  labels:
    app: app%d
spec:
  replicas: 1
  selector:
    matchLabels:
      app: app%d
  template:
    metadata:
      labels:
        app: app%d
    spec:
      serviceAccountName: app%d
      nodeSelector:
        karpenter.sh/nodepool: pool%d
      containers:
        - name: app
          image: example.com/app:1.0.0
          resources:
            requests:
              cpu: 250m
              memory: 256Mi
`

const benchNodePool = `apiVersion: karpenter.sh/v1
kind: NodePool
metadata:
  name: pool%d
spec:
  template:
    spec:
      nodeClassRef:
        group: karpenter.k8s.aws
        kind: EC2NodeClass
        name: default
      requirements:
        - key: karpenter.sh/capacity-type
          operator: In
          values: ["on-demand"]
`

const benchOverlay = `resources:
  - ../../../../../bases/app%d
components:
  - ../../../../../components/team
namePrefix: %s-
commonLabels:
  cluster: c%d
images:
  - name: example.com/app
    newTag: "2.%d.0"
patches:
  - path: replicas.yaml
  - target:
      kind: Deployment
      name: app%d
    patch: |
      - op: add
        path: /spec/template/metadata/annotations
        value:
          env: %s
`

// kustomizationDirs lists the directories under root holding a
// kustomization file, the way the engine's discovery does.
func kustomizationDirs(tb testing.TB, root string) []string {
	tb.Helper()
	var dirs []string
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		switch d.Name() {
		case "kustomization.yaml", "kustomization.yml", "Kustomization":
			if !d.IsDir() {
				dirs = append(dirs, filepath.Dir(p))
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	sort.Strings(dirs)
	return dirs
}

// lintKustomizations does what the engine does with a tree's
// kustomizations: pick the roots, render each, and parse the output with
// its positions mapped back to the sources (with a Cache for the run, or
// none). It returns the roots and the entities parsed.
func lintKustomizations(root string, dirs []string, cache bool) (roots, ents int) {
	tree := treefs.New([]string{root}, root)
	kroots, _ := FindIn(tree, dirs)
	opts := Options{ScanRoot: root, Tree: tree, Helm: fakeHelm}
	if cache {
		opts.Cache = NewCache()
	}
	for _, kr := range kroots {
		r, _, _ := Render(kr, opts)
		if len(r.Content) == 0 {
			continue
		}
		e, _ := kube.Parse("rendered", r.Content, kube.Options{Source: lint.SourceKustomize, MapRange: r.Map, Parsed: r.Docs})
		ents += len(e)
	}
	return len(kroots), ents
}

// benchLint runs lintKustomizations b.N times over dirs under root, with
// and without a cache for the run, and reports the time per root.
func benchLint(b *testing.B, root string, dirs []string) {
	for _, cache := range []bool{false, true} {
		name := "nocache"
		if cache {
			name = "cache"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			roots := 0
			for b.Loop() {
				roots, _ = lintKustomizations(root, dirs, cache)
			}
			if roots > 0 {
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(roots), "ns/root")
			}
		})
	}
}

// BenchmarkBuildSharedBases renders a generated tree of 5 bases shared by
// 60 overlays (3 clusters × 4 environments × 5 apps, 12 roots).
func BenchmarkBuildSharedBases(b *testing.B) {
	root := b.TempDir()
	sharedTree{apps: 5, clusters: 3, envs: []string{"dev", "qa", "stage", "prod"}}.write(b, root)
	benchLint(b, root, kustomizationDirs(b, root))
}

// benchCorpus is where real repositories are exported
// (FAULTLINE_CORPUS, default /work/corpus).
func benchCorpus() string {
	if d := os.Getenv("FAULTLINE_CORPUS"); d != "" {
		return d
	}
	return "/work/corpus"
}

// corpusRepos are the real repositories with kustomizations the tests
// and benchmarks use when they are exported.
var corpusRepos = []string{
	"aws-samples+eks-multi-cluster-gitops",
	"aws-samples+eks-workshop-v2",
	"fluxcd+flux2-kustomize-helm-example",
	"awslabs+crossplane-on-eks",
	"stevedores-org+crossplane-heaven",
}

// corpusTrees are the exported corpusRepos, for tests: only when
// FAULTLINE_CORPUS names where they are (they take a while).
func corpusTrees() []string {
	dir := os.Getenv("FAULTLINE_CORPUS")
	if dir == "" {
		return nil
	}
	var out []string
	for _, name := range corpusRepos {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			out = append(out, filepath.Join(dir, name))
		}
	}
	return out
}

// BenchmarkBuildRepo renders the kustomizations of real repositories
// exported under benchCorpus (each skipped when it is not there).
func BenchmarkBuildRepo(b *testing.B) {
	for _, name := range corpusRepos {
		b.Run(name, func(b *testing.B) {
			root := filepath.Join(benchCorpus(), name)
			if _, err := os.Stat(root); err != nil {
				b.Skipf("%s not exported", root)
			}
			benchLint(b, root, kustomizationDirs(b, root))
		})
	}
}

// The generated tree renders cleanly, every overlay's patches and
// settings reach its objects, and positions map back to the files written.
func TestSharedTreeRenders(t *testing.T) {
	root := t.TempDir()
	sharedTree{apps: 2, clusters: 2, envs: []string{"dev", "prod"}}.write(t, root)
	tree := treefs.New([]string{root}, root)
	kroots, _ := FindIn(tree, kustomizationDirs(t, root))
	if len(kroots) != 4 {
		t.Fatalf("roots = %v, want the 4 cluster environments", kroots)
	}
	r, diags, notes := Render(filepath.Join(root, "clusters/c1/prod"), Options{ScanRoot: root, Tree: tree})
	clean(t, r, diags, notes)
	mapped(t, r, "Deployment", "prod-app0", "spec.replicas", "2",
		want{"clusters/c1/prod/apps/app0/replicas.yaml", 6, 13}, want{})
	mapped(t, r, "Deployment", "prod-app0", "spec.template.spec.containers.0.image", "example.com/app:2.0.0",
		want{"bases/app0/deployment.yaml", 22, 18}, want{})
	mapped(t, r, "NodePool", "prod-pool1", "spec.template.spec.requirements.0.key", "karpenter.sh/capacity-type",
		want{"bases/app1/nodepool.yaml", 13, 16}, want{})
}

// With a cache, a base two roots include is read once in the run: the
// second root renders from what the first read (shown by removing the file
// in between), and both render as they do without a cache.
func TestCacheReadsSharedBaseOnce(t *testing.T) {
	root := t.TempDir()
	sharedTree{apps: 1, clusters: 1, envs: []string{"dev", "prod"}}.write(t, root)
	tree := treefs.New([]string{root}, root)
	plain := Options{ScanRoot: root, Tree: tree}
	cached := plain
	cached.Cache = NewCache()
	rendered := map[string][]byte{}
	for _, env := range []string{"dev", "prod"} {
		r, diags, notes := Render(filepath.Join(root, "clusters/c0", env), plain)
		clean(t, r, diags, notes)
		rendered[env] = r.Content
	}
	r, diags, notes := Render(filepath.Join(root, "clusters/c0/dev"), cached)
	clean(t, r, diags, notes)
	if string(r.Content) != string(rendered["dev"]) {
		t.Errorf("dev with a cache:\n%s\nwithout:\n%s", r.Content, rendered["dev"])
	}
	if err := os.Remove(filepath.Join(root, "bases/app0/deployment.yaml")); err != nil {
		t.Fatal(err)
	}
	r, diags, notes = Render(filepath.Join(root, "clusters/c0/prod"), cached)
	clean(t, r, diags, notes)
	if string(r.Content) != string(rendered["prod"]) {
		t.Errorf("prod with a cache:\n%s\nwithout:\n%s", r.Content, rendered["prod"])
	}
	mapped(t, r, "Deployment", "prod-app0", "spec.template.spec.serviceAccountName", "prod-app0",
		want{"bases/app0/deployment.yaml", 17, 27}, want{})
	if _, diags, _ := Render(filepath.Join(root, "clusters/c0/prod"), plain); len(diags) == 0 {
		t.Error("without a cache the removed file is not missed")
	}
}
