package benchgen_test

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/parsers/helm/chartrender"

	"github.com/faultline-dev/faultline/internal/benchgen"
	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

// lintTree generates a tree and lints it end to end.
func lintTree(t *testing.T, opts benchgen.Options) (benchgen.Stats, *engine.Loaded, lint.Result) {
	t.Helper()
	dir := t.TempDir()
	st, err := benchgen.Generate(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	l, res, err := engine.Run(engine.Options{Paths: []string{dir}, Cwd: dir, Renderer: chartrender.InProcess{}}, rules.All, lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return st, l, res
}

// checkClean asserts the generator's promise: no input problem, nothing
// unresolved but the IRSA roles outside the tree, and findings only where
// it plants them (FL101 for each sharing team, in its Karpenter file).
func checkClean(t *testing.T, st benchgen.Stats, l *engine.Loaded, res lint.Result) {
	t.Helper()
	for _, d := range l.Input.Diagnostics {
		t.Errorf("input problem (FL000) at %s: %s: %s", d.Range, d.Summary, d.Detail)
	}
	for _, n := range res.Summary.Notes {
		// IRSA roles outside the tree (FL20x) and workloads of a cluster
		// the tree does not declare (FL402) are counted, not findings.
		if n.Kind != lint.Skipped && !strings.HasPrefix(n.What, "FL20") && !strings.HasPrefix(n.What, "FL402: ") {
			t.Errorf("coverage note %s: %s at %s", n.Kind, n.What, n.Range)
		}
	}
	if res.Summary.Coverage.Inferred != 0 {
		t.Errorf("coverage: %+v, want nothing inferred", res.Summary.Coverage)
	}
	var teams []string
	for _, f := range res.Findings {
		parts := strings.Split(f.Range.File, "/")
		if f.Rule != "FL101" || len(parts) != 3 || parts[0] != "k8s" || parts[2] != "karpenter.yaml" {
			t.Errorf("unplanted finding %s at %s: %s", f.Rule, f.Range, f.Message)
			continue
		}
		teams = append(teams, parts[1])
	}
	if strings.Join(teams, ",") != strings.Join(st.SharingTeams, ",") {
		t.Errorf("FL101 fired for teams %v, want %v", teams, st.SharingTeams)
	}
	if res.Summary.Files != st.Files() {
		t.Errorf("files read: %d, want %d", res.Summary.Files, st.Files())
	}
	m := l.Input.Model
	if len(l.TerraformRoots) != st.RootModules || len(m.NodeGroups) != st.NodeGroups || len(m.NodeClasses) != st.NodeClasses {
		t.Errorf("model: %d roots, %d node groups, %d node classes; want %d, %d, %d",
			len(l.TerraformRoots), len(m.NodeGroups), len(m.NodeClasses), st.RootModules, st.NodeGroups, st.NodeClasses)
	}
}

// bySource counts what the model read from each kind of source: service
// accounts (named as the source names them) and other objects by kind.
func bySource(m *lint.Model) map[string]int {
	n := map[string]int{}
	for _, s := range m.ServiceAccounts {
		n[string(s.Source)+" ServiceAccount"]++
	}
	for _, o := range m.Objects {
		n[string(o.Source)+" "+o.KindName]++
	}
	for _, r := range m.Releases {
		if r.ChartDir != "" {
			n["local release"]++
		} else {
			n["remote release"]++
		}
	}
	return n
}

// TestShapesThroughTheEngine lints a tree with every shape: each chart
// release renders its templates, each overlay builds over the shared
// bases, each claim composes its resources, and still nothing but the
// planted FL101s is found.
func TestShapesThroughTheEngine(t *testing.T) {
	opts := benchgen.Options{Teams: 4, ResourcesPerModule: 20, ShareEvery: 2}
	st, l, res := lintTree(t, opts)
	checkClean(t, st, l, res)
	if len(st.SharingTeams) != 2 || st.Charts != 4 || st.Kustomizations != 8 || st.Claims != 16 || st.Compositions != 2 {
		t.Fatalf("stats: %+v", st)
	}
	got := bySource(l.Input.Model)
	want := map[string]int{
		// One per chart release, one per remote release (from its values).
		"helm ServiceAccount":      st.ChartReleases + st.RemoteReleases,
		"helm ConfigMap":           st.ChartReleases,
		"kustomize ServiceAccount": st.Kustomizations,
		"kustomize ServiceMonitor": st.Kustomizations,
		"local release":            st.ChartReleases,
		"remote release":           st.RemoteReleases,
		"kubernetes AppBucket":     st.Claims / 2,
		"kubernetes AppQueue":      st.Claims / 2,
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("%s: %d in the model, want %d", k, got[k], n)
		}
	}
	composed := got["crossplane Bucket"] + got["crossplane BucketVersioning"] + got["crossplane BucketServerSideEncryptionConfiguration"] + got["crossplane Queue"]
	if composed != st.Composed {
		t.Errorf("composed resources: %d (%v), want %d", composed, got, st.Composed)
	}
	// Every installer is used: team000 Terraform, team001 Argo CD, team002
	// helmfile.
	tools := map[string]int{}
	for _, r := range l.Input.Model.Releases {
		if r.ChartDir != "" {
			tools[r.Tool]++
		}
	}
	if tools["terraform"] == 0 || tools["argocd"] == 0 || tools["helmfile"] == 0 {
		t.Errorf("local releases by tool: %v, want terraform, argocd and helmfile", tools)
	}
}

// TestClassicTree lints the tree without the new shapes: what the
// generator wrote before them, still clean.
func TestClassicTree(t *testing.T) {
	st, l, res := lintTree(t, benchgen.Options{Teams: 3, ResourcesPerModule: 20, ShareEvery: 2}.Classic())
	checkClean(t, st, l, res)
	if st.Charts+st.ChartTemplates+st.ChartReleases+st.RemoteReleases+st.KustomizeBases+st.Kustomizations+st.Compositions+st.Claims != 0 {
		t.Errorf("classic tree has new shapes: %+v", st)
	}
	if got := bySource(l.Input.Model); got["helm ServiceAccount"]+got["kustomize ServiceAccount"]+got["crossplane Bucket"] != 0 {
		t.Errorf("classic tree: model has %v", got)
	}
}

// TestEachShapeOff turns off one shape at a time: the others stay, and the
// tree stays clean.
func TestEachShapeOff(t *testing.T) {
	base := benchgen.Options{Teams: 3, ResourcesPerModule: 20, ShareEvery: 3}
	for _, c := range []struct {
		name string
		opts func(benchgen.Options) benchgen.Options
		zero func(benchgen.Stats) int
	}{
		{"charts", func(o benchgen.Options) benchgen.Options { o.NoCharts = true; return o }, func(s benchgen.Stats) int { return s.Charts + s.ChartReleases + s.ChartTemplates }},
		{"remote", func(o benchgen.Options) benchgen.Options { o.NoRemoteReleases = true; return o }, func(s benchgen.Stats) int { return s.RemoteReleases }},
		{"kustomize", func(o benchgen.Options) benchgen.Options { o.NoKustomize = true; return o }, func(s benchgen.Stats) int { return s.Kustomizations + s.KustomizeBases }},
		{"compositions", func(o benchgen.Options) benchgen.Options { o.NoCompositions = true; return o }, func(s benchgen.Stats) int { return s.Compositions + s.Claims + s.Composed }},
	} {
		t.Run(c.name, func(t *testing.T) {
			st, l, res := lintTree(t, c.opts(base))
			checkClean(t, st, l, res)
			if c.zero(st) != 0 {
				t.Errorf("shape still written: %+v", st)
			}
			if st.Charts+st.RemoteReleases+st.Kustomizations+st.Claims == 0 {
				t.Errorf("every shape gone: %+v", st)
			}
		})
	}
}
