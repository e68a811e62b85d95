package engine_test

// Benchmarks on a generated monorepo (internal/benchgen). They generate
// their tree once per benchmark, in b.TempDir(), outside the timer:
//
//	go test -run '^$' -bench . -benchmem ./internal/engine/
//
// The default tree has 500 teams: 1,000 root modules plus their local
// module instances (≈2,300 modules) and ≈23,000 resource instances. With
// -short (or FAULTLINE_BENCH_TEAMS=N) a smaller tree is used. No Test in
// this file generates the big tree.

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/metrics"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/faultline-dev/faultline/internal/benchgen"
	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
	"github.com/faultline-dev/faultline/parsers/terraform"
	"github.com/faultline-dev/faultline/rules"
)

// benchOptions is the benchmark tree: 500 teams by default (≥1,000
// modules, ≥5,000 resources), 50 with -short; FAULTLINE_BENCH_TEAMS and
// FAULTLINE_BENCH_RESOURCES (resources per root module, default 20)
// override. Every shape is on (charts, remote releases, kustomize
// overlays, Crossplane claims); FAULTLINE_BENCH_CLASSIC=1 keeps the
// Terraform-and-manifests tree of earlier measurements.
func benchOptions(tb testing.TB) benchgen.Options {
	teams := 500
	if testing.Short() {
		teams = 50
	}
	o := benchgen.Options{Teams: envInt(tb, "FAULTLINE_BENCH_TEAMS", teams), ResourcesPerModule: envInt(tb, "FAULTLINE_BENCH_RESOURCES", 20)}
	if os.Getenv("FAULTLINE_BENCH_CLASSIC") == "1" {
		o = o.Classic()
	}
	return o
}

func envInt(tb testing.TB, name string, def int) int {
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		tb.Fatalf("%s=%q: want a positive integer", name, s)
	}
	return n
}

func generate(b *testing.B) (string, benchgen.Stats) {
	b.Helper()
	dir := b.TempDir()
	opts := benchOptions(b)
	st, err := benchgen.Generate(dir, opts)
	if err != nil {
		b.Fatal(err)
	}
	if opts.Teams >= 500 && (st.Modules < 1000 || st.Resources < 5000) {
		b.Fatalf("tree too small: %d modules, %d resources", st.Modules, st.Resources)
	}
	b.Logf("tree: %d modules (%d roots, %d module instances), %d resources, %d node groups, %d node classes, %d files (%d .tf/.tfvars, %d YAML), %.1f MB",
		st.Modules, st.RootModules, st.ModuleInstances, st.Resources, st.NodeGroups, st.NodeClasses, st.Files(), st.TFFiles, st.YAMLFiles, float64(st.Bytes)/1e6)
	return dir, st
}

// peakMem samples the heap while a benchmark runs. HeapInuse is taken from
// runtime/metrics (no stop-the-world), every millisecond.
type peakMem struct {
	stop chan struct{}
	done chan struct{}
	peak uint64
}

var heapMetrics = []string{"/memory/classes/heap/objects:bytes", "/memory/classes/heap/unused:bytes"}

func heapInuse(s []metrics.Sample) uint64 {
	metrics.Read(s)
	var n uint64
	for _, x := range s {
		if x.Value.Kind() == metrics.KindUint64 {
			n += x.Value.Uint64()
		}
	}
	return n
}

func startPeak() *peakMem {
	p := &peakMem{stop: make(chan struct{}), done: make(chan struct{})}
	s := make([]metrics.Sample, len(heapMetrics))
	for i, name := range heapMetrics {
		s[i].Name = name
	}
	p.peak = heapInuse(s)
	go func() {
		defer close(p.done)
		t := time.NewTicker(time.Millisecond)
		defer t.Stop()
		for {
			if n := heapInuse(s); n > p.peak {
				p.peak = n
			}
			select {
			case <-p.stop:
				return
			case <-t.C:
			}
		}
	}()
	return p
}

func (p *peakMem) end() uint64 {
	close(p.stop)
	<-p.done
	return p.peak
}

const mb = 1 << 20

// BenchmarkLoadAndLint is what `faultline lint` does minus reporting:
// discover, parse and evaluate everything, build the model, run every rule.
//
// Metrics: files/s (files that fed the model), ns/resource (time per
// resource instance), peak-heap-MB (highest HeapInuse seen during the
// iterations), live-MB (heap still reachable after a GC while the loaded
// model and the result are held), sys-MB (memory obtained from the OS, at
// the end).
func BenchmarkLoadAndLint(b *testing.B) {
	dir, st := generate(b)
	opts := engine.Options{Paths: []string{dir}, Cwd: dir}
	b.Run("teams="+strconv.Itoa(benchOptions(b).Teams), func(b *testing.B) {
		b.ReportAllocs()
		runtime.GC()
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		peak := startPeak()
		var files int
		var loaded *engine.Loaded
		var res lint.Result
		stageWall := map[string]time.Duration{}
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			loaded, res = nil, lint.Result{} // let the previous run's model go
			var err error
			loaded, res, err = engine.Run(opts, rules.All, lint.Options{})
			if err != nil {
				b.Fatal(err)
			}
			files = res.Summary.Files
			for _, s := range loaded.Stages {
				stageWall[s.Name] += s.Wall
			}
		}
		b.StopTimer()
		for name, d := range stageWall {
			b.ReportMetric(d.Seconds()*1000/float64(b.N), name+"-ms/op")
		}
		peakHeap := peak.end()
		runtime.GC()
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(loaded)
		runtime.KeepAlive(res)

		perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(float64(files)/(perOp/1e9), "files/s")
		b.ReportMetric(perOp/float64(st.Resources), "ns/resource")
		b.ReportMetric(float64(peakHeap)/mb, "peak-heap-MB")
		b.ReportMetric(float64(after.HeapAlloc)/mb, "live-MB")
		b.ReportMetric(float64(after.Sys)/mb, "sys-MB")
		if n := countRule(res, "FL101"); n != len(st.SharingTeams) {
			b.Fatalf("FL101 findings: %d, want %d", n, len(st.SharingTeams))
		}
	})
}

// BenchmarkPhases splits the run: Terraform load and evaluation alone,
// manifest parsing alone (files already in memory, one goroutine), and the
// rules alone on an already built model. peak-heap-MB is the highest
// HeapInuse during the phase (for rules: including the loaded model).
func BenchmarkPhases(b *testing.B) {
	dir, st := generate(b)
	tfDirs, manifests := walkTree(b, dir)
	rel := func(p string) string {
		r, _ := filepath.Rel(dir, p)
		return filepath.ToSlash(r)
	}

	b.Run("terraform", func(b *testing.B) {
		b.ReportAllocs()
		var res terraform.Result
		runtime.GC()
		peak := startPeak()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			res = terraform.Result{}
			res = terraform.Load(tfDirs, terraform.Options{Root: dir, Rel: rel})
		}
		b.StopTimer()
		b.ReportMetric(float64(peak.end())/mb, "peak-heap-MB")
		if len(res.Roots) != st.RootModules {
			b.Fatalf("roots: %d, want %d", len(res.Roots), st.RootModules)
		}
		perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(float64(len(res.Files))/(perOp/1e9), "files/s")
		b.ReportMetric(perOp/float64(st.Resources), "ns/resource")
	})

	b.Run("kube", func(b *testing.B) {
		data := make([][]byte, len(manifests))
		var size int64
		for i, p := range manifests {
			var err error
			if data[i], err = os.ReadFile(p); err != nil {
				b.Fatal(err)
			}
			size += int64(len(data[i]))
		}
		b.SetBytes(size)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			for j, p := range manifests {
				if _, diags := kube.ParseFile(rel(p), data[j], lint.Scope{}); len(diags) > 0 {
					b.Fatalf("%s: %v", p, diags)
				}
			}
		}
		b.StopTimer()
		perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(float64(len(manifests))/(perOp/1e9), "files/s")
		b.ReportMetric(perOp/float64(st.KubeDocs), "ns/doc")
	})

	b.Run("rules", func(b *testing.B) {
		l, err := engine.Load(engine.Options{Paths: []string{dir}, Cwd: dir})
		if err != nil {
			b.Fatal(err)
		}
		b.ReportAllocs()
		runtime.GC()
		peak := startPeak()
		b.ResetTimer()
		var res lint.Result
		for i := 0; i < b.N; i++ {
			res = lint.Run(l.Input, rules.All, lint.Options{})
		}
		b.StopTimer()
		b.ReportMetric(float64(peak.end())/mb, "peak-heap-MB")
		if n := countRule(res, "FL101"); n != len(st.SharingTeams) {
			b.Fatalf("FL101 findings: %d, want %d", n, len(st.SharingTeams))
		}
		perOp := float64(b.Elapsed().Nanoseconds()) / float64(b.N)
		b.ReportMetric(perOp/float64(st.Resources), "ns/resource")
	})
}

// walkTree finds the Terraform directories and manifests the way the
// engine's discovery does for this tree.
func walkTree(tb testing.TB, dir string) (tfDirs, manifests []string) {
	seen := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		switch filepath.Ext(p) {
		case ".tf":
			if !seen[filepath.Dir(p)] {
				seen[filepath.Dir(p)] = true
				tfDirs = append(tfDirs, filepath.Dir(p))
			}
		case ".yaml":
			if !kube.IsHelmTemplate(p) { // a chart renders its templates
				manifests = append(manifests, p)
			}
		}
		return nil
	})
	if err != nil {
		tb.Fatal(err)
	}
	sort.Strings(tfDirs)
	sort.Strings(manifests)
	return tfDirs, manifests
}

func countRule(res lint.Result, id string) int {
	n := 0
	for _, f := range res.Findings {
		if f.Rule == id {
			n++
		}
	}
	return n
}

// TestGeneratedTree generates a tiny tree (3 teams, team001 sharing its
// node role) and lints it end to end: the generator's stats match what the
// engine reads, the input is clean (no FL000, nothing unresolved), and
// FL101 fires exactly for the sharing team.
func TestGeneratedTree(t *testing.T) {
	dir := t.TempDir()
	opts := benchgen.Options{Teams: 3, ResourcesPerModule: 20, ShareEvery: 2}
	st, err := benchgen.Generate(dir, opts)
	if err != nil {
		t.Fatal(err)
	}
	// Stats against the shape of benchgen: teams 0 and 1 call the module,
	// team 2 declares its node groups inline; dev has 1+i%3 groups, prod
	// one more; even teams add a system group (count = 1).
	want := benchgen.Stats{
		RootModules:     6,
		ModuleInstances: (1 + 2) + (2 + 3), // team000, team001
		NodeGroups:      (1 + 2) + (2 + 3) + (3 + 4) + 2*2,
		NodeClasses:     6,
		// Every root adds helm.tf (the remote release; team000's also its
		// chart's release).
		TFFiles: 4 + 6*11,
		// Per team: its 4 manifests, claims.yaml, Chart.yaml, values.yaml;
		// team001 argocd.yaml and team002 helmfile.yaml, each with the
		// chart's two values-<env>.yaml; two overlays of two files each.
		// Shared: 11 Kustomize base and component files, 4 Crossplane.
		YAMLFiles:      3*(4+1+2+4) + 2*(1+2) + 11 + 4,
		ChartTemplates: 3 * 5,
		KubeDocs:       3*(2+4+2*3*4) + 3*4 + 2 + 1 + 3*2 + 2*2 + 12 + 3*2*(1+2) + 4,
		Charts:         3,
		ChartReleases:  3 * 2,
		RemoteReleases: 6,
		KustomizeBases: 3,
		Kustomizations: 3 * 2,
		Compositions:   2,
		Claims:         3 * 2 * 2,
		Composed:       3 * 2 * (3 + 2),
		SharingTeams:   []string{"team001"},
	}
	want.Modules = want.RootModules + want.ModuleInstances
	// Every root declares max(20, its core) instances, helm_release
	// resources included; module instances add two each. team002's roots
	// exceed 20: 13 core + 2 system + 2 per inline group + 1 remote
	// release = 22 (dev, 3 groups) and 24 (prod, 4 groups).
	want.Resources = 20*4 + 22 + 24 + 2*want.ModuleInstances
	got := st
	got.Bytes = 0
	if !equalStats(got, want) {
		t.Fatalf("stats:\n got %+v\nwant %+v", got, want)
	}
	var files int
	var bytes int64
	_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			info, _ := d.Info()
			bytes += info.Size()
			if !strings.HasSuffix(p, ".md") {
				files++
			}
		}
		return nil
	})
	if bytes != st.Bytes || files != st.Files()+st.ChartTemplates {
		t.Errorf("on disk: %d files, %d bytes; stats say %d input files + %d chart templates, %d bytes", files, bytes, st.Files(), st.ChartTemplates, st.Bytes)
	}

	l, res, err := engine.Run(engine.Options{Paths: []string{dir}, Cwd: dir}, rules.All, lint.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(l.TerraformRoots) != st.RootModules {
		t.Errorf("terraform roots: %d, want %d", len(l.TerraformRoots), st.RootModules)
	}
	m := l.Input.Model
	if len(m.NodeGroups) != st.NodeGroups || len(m.NodeClasses) != st.NodeClasses {
		t.Errorf("model: %d node groups, %d node classes; want %d, %d", len(m.NodeGroups), len(m.NodeClasses), st.NodeGroups, st.NodeClasses)
	}
	if res.Summary.Files != st.Files() {
		t.Errorf("files read: %d, want %d", res.Summary.Files, st.Files())
	}
	if len(l.Input.Diagnostics) > 0 {
		t.Errorf("generated tree has input problems: %+v", l.Input.Diagnostics)
	}
	// The generator's node identities are all decidable; its IRSA service
	// accounts point at roles outside the tree, which the IRSA rules count
	// as unresolved (coverage, not findings), and it declares no EKS
	// cluster, so the scheduling rules count its workloads as not judged.
	for _, n := range res.Summary.Notes {
		if n.Kind != lint.Skipped && !strings.HasPrefix(n.What, "FL20") && !strings.HasPrefix(n.What, "FL402: ") {
			t.Errorf("coverage note %s: %s at %s", n.Kind, n.What, n.Range)
		}
	}
	if res.Summary.Coverage.Inferred != 0 {
		t.Errorf("coverage: %+v, want nothing inferred", res.Summary.Coverage)
	}
	var teams []string
	for _, f := range res.Findings {
		if f.Rule != "FL101" {
			t.Errorf("unexpected finding %s at %s: %s", f.Rule, f.Range, f.Message)
			continue
		}
		// k8s/teamNNN/karpenter.yaml
		parts := strings.Split(f.Range.File, "/")
		if len(parts) != 3 || parts[0] != "k8s" {
			t.Errorf("FL101 at %s, want a Karpenter manifest", f.Range)
			continue
		}
		teams = append(teams, parts[1])
	}
	if strings.Join(teams, ",") != strings.Join(st.SharingTeams, ",") {
		t.Errorf("FL101 fired for teams %v, want %v", teams, st.SharingTeams)
	}
}

func equalStats(a, b benchgen.Stats) bool { return reflect.DeepEqual(a, b) }

// deletionPlan is the JSON of `terraform show -json` for a plan that
// deletes n objects in turn: an IAM role, an instance profile holding the
// role before it, a security group, a managed node group running as the
// role three before, an access entry for the role four before. Its
// planned values keep `keep` managed node groups, node group j running as
// the role 5j (deleted when 5j < n).
func deletionPlan(n, keep int) []byte {
	const acct = "111122223333"
	roleARN := func(i int) string { return fmt.Sprintf("arn:aws:iam::%s:role/role-%d", acct, i) }
	type change struct {
		Actions []string       `json:"actions"`
		Before  map[string]any `json:"before"`
		After   any            `json:"after"`
	}
	type rc struct {
		Address      string `json:"address"`
		Mode         string `json:"mode"`
		Type         string `json:"type"`
		Name         string `json:"name"`
		ProviderName string `json:"provider_name"`
		Change       change `json:"change"`
	}
	changes := make([]rc, 0, n)
	for i := range n {
		var typ string
		var before map[string]any
		switch i % 5 {
		case 0:
			typ, before = "aws_iam_role", map[string]any{"name": fmt.Sprintf("role-%d", i), "arn": roleARN(i)}
		case 1:
			typ, before = "aws_iam_instance_profile", map[string]any{"name": fmt.Sprintf("profile-%d", i), "arn": fmt.Sprintf("arn:aws:iam::%s:instance-profile/profile-%d", acct, i), "role": fmt.Sprintf("role-%d", i-1)}
		case 2:
			typ, before = "aws_security_group", map[string]any{"name": fmt.Sprintf("sg-%d", i), "id": fmt.Sprintf("sg-%017x", i), "tags": map[string]any{"team": "t"}}
		case 3:
			typ, before = "aws_eks_node_group", map[string]any{"cluster_name": "prod", "node_group_name": fmt.Sprintf("ng-%d", i), "node_role_arn": roleARN(i - 3)}
		case 4:
			typ, before = "aws_eks_access_entry", map[string]any{"cluster_name": "prod", "principal_arn": roleARN(i - 4), "type": "EC2_LINUX"}
		}
		name := fmt.Sprintf("d%d", i)
		changes = append(changes, rc{Address: typ + "." + name, Mode: "managed", Type: typ, Name: name, ProviderName: "registry.terraform.io/hashicorp/aws",
			Change: change{Actions: []string{"delete"}, Before: before}})
	}
	var kept []map[string]any
	for j := range keep {
		name := fmt.Sprintf("keep%d", j)
		kept = append(kept, map[string]any{"address": "aws_eks_node_group." + name, "mode": "managed", "type": "aws_eks_node_group", "name": name,
			"provider_name": "registry.terraform.io/hashicorp/aws", "schema_version": 0,
			"values": map[string]any{"cluster_name": "prod", "node_group_name": name, "node_role_arn": roleARN(5 * j)}})
	}
	out, err := json.Marshal(map[string]any{
		"format_version":    "1.2",
		"terraform_version": "1.9.0",
		"planned_values":    map[string]any{"root_module": map[string]any{"resources": kept}},
		"resource_changes":  changes,
	})
	if err != nil {
		panic(err)
	}
	return out
}

// deletionTree is the scanned tree of BenchmarkPlanDeletions: Karpenter
// node classes in cluster prod running as deleted roles and selecting
// deleted security groups.
func deletionTree(tb testing.TB, classes int) string {
	dir := tb.TempDir()
	var b strings.Builder
	for k := range classes {
		fmt.Fprintf(&b, "---\napiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: class%d\n  annotations:\n    faultline.dev/cluster: prod\nspec:\n  role: role-%d\n  securityGroupSelectorTerms:\n    - id: sg-%017x\n  amiSelectorTerms:\n    - alias: al2023@latest\n", k, 250+10*k, 250+10*k+2)
	}
	if err := os.WriteFile(filepath.Join(dir, "nodeclasses.yaml"), []byte(b.String()), 0o644); err != nil {
		tb.Fatal(err)
	}
	return dir
}

// BenchmarkPlanDeletions is `lint --plan` on plans with many deletions,
// 10,000 and 50,000 (FAULTLINE_BENCH_DELETIONS=N for one size; 2,000
// with -short), of three shapes: "mixed" deletes roles, instance
// profiles, security groups, node groups and access entries in turn (50
// node groups kept, 10 Karpenter node classes using deleted identities);
// "groups" deletes managed node groups only, on 4 roles Karpenter shares
// (a finding each); "replaced" deletes them and creates as many on one
// role Karpenter shares (issue 23, item 7). "load" times parsing the
// plan and building the model, "rules" the rules on the loaded model.
func BenchmarkPlanDeletions(b *testing.B) {
	sizes := []int{10000, 50000}
	if testing.Short() {
		sizes = []int{2000}
	}
	if n := envInt(b, "FAULTLINE_BENCH_DELETIONS", 0); n > 0 {
		sizes = []int{n}
	}
	for _, n := range sizes {
		mixed := func(b *testing.B) ([]byte, string) { return deletionPlan(n, 50), deletionTree(b, 10) }
		groups := func(spec groupPlanSpec) func(b *testing.B) ([]byte, string) {
			return func(b *testing.B) ([]byte, string) {
				dir := b.TempDir()
				groupTree(b, dir, spec)
				return groupPlan(b, spec), dir
			}
		}
		benchPlan(b, fmt.Sprintf("mixed/deletions=%d", n), mixed)
		benchPlan(b, fmt.Sprintf("groups/deletions=%d", n), groups(groupPlanSpec{Deletions: n, Roles: 4, Classes: 4}))
		benchPlan(b, fmt.Sprintf("replaced/deletions=%d", n), groups(groupPlanSpec{Deletions: n, Roles: 1, Created: n, Classes: 1}))
	}
}

// benchPlan runs the load and rules benchmarks of one plan and tree.
func benchPlan(b *testing.B, name string, build func(b *testing.B) ([]byte, string)) {
	b.Run(name, func(b *testing.B) {
		data, dir := build(b)
		b.Logf("plan: %.1f MB of JSON", float64(len(data))/1e6)
		b.Run("load", func(b *testing.B) {
			b.ReportAllocs()
			runtime.GC()
			peak := startPeak()
			for b.Loop() {
				loadGroupPlan(b, dir, data)
			}
			b.ReportMetric(float64(peak.end())/mb, "peak-heap-MB")
		})
		b.Run("rules", func(b *testing.B) {
			l := loadGroupPlan(b, dir, data)
			b.ReportAllocs()
			runtime.GC()
			peak := startPeak()
			var res lint.Result
			for b.Loop() {
				res = lint.Run(l.Input, rules.All, lint.Options{})
			}
			b.ReportMetric(float64(peak.end())/mb, "peak-heap-MB")
			counts := map[string]int{}
			for _, f := range res.Findings {
				counts[f.Rule]++
			}
			b.ReportMetric(float64(len(res.Findings)), "findings")
			b.Logf("%d changes; findings by rule: %v; notes: %d", len(l.Input.Model.Changes), counts, len(res.Summary.Notes))
		})
	})
}
