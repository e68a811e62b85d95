package scheduling_test

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/parsers/helm/chartrender"

	"github.com/faultline-dev/faultline/internal/benchgen"
	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/internal/scheduling"
	"github.com/faultline-dev/faultline/lint"
)

// stageOf is the stage each capacity rule reports.
var stageOf = map[string]scheduling.Stage{
	"FL401": scheduling.StageRequests,
	"FL402": scheduling.StageSelectors,
	"FL403": scheduling.StageTaints,
	"FL404": scheduling.StageZones,
}

// TestFixtureVerdicts runs Check over the capacity rules' fixtures
// (rules/testdata/FL401–FL404; FL405 judges node classes, not workloads):
// each positive fixture gives exactly one verdict,
// at its rule's stage; each negative none. The rules' own fixture test
// checks the findings; this one pins the fitting itself, here, where
// mutation testing of this package sees it.
func TestFixtureVerdicts(t *testing.T) {
	dirs, _ := filepath.Glob("../../rules/testdata/FL40[1-4]/*")
	if len(dirs) < 30 {
		t.Fatalf("found %d fixtures", len(dirs))
	}
	for _, d := range dirs {
		rule, name := filepath.Base(filepath.Dir(d)), filepath.Base(d)
		t.Run(rule+"/"+name, func(t *testing.T) {
			m := loadModel(t, d)
			res := scheduling.Check(m)
			if strings.HasPrefix(name, "negative") {
				for _, v := range res.Verdicts {
					t.Errorf("verdict for %s at stage %d", v.Workload.Label, v.Stage)
				}
				return
			}
			if len(res.Verdicts) != 1 {
				t.Fatalf("%d verdicts, want 1", len(res.Verdicts))
			}
			v := res.Verdicts[0]
			if v.Stage != stageOf[rule] {
				t.Errorf("stage %d, want %d", v.Stage, stageOf[rule])
			}
			for _, pf := range v.Places {
				if len(pf.Misfits) == 0 {
					t.Errorf("%s is listed without a misfit", pf.Place.Label())
				}
			}
			at := v.Best().First(v.Stage).Pod
			if at.IsZero() {
				at = v.Workload.Range
			}
			if want := wantLines(t, d, rule); !want[fmt.Sprintf("%s:%d", at.File, at.Line)] {
				t.Errorf("verdict at %s, want one of %v", at, want)
			}
		})
	}
}

// wantLines finds the lines of a fixture that carry a `# want RULE`
// comment, or that its fixture.wants names, as file:line relative to the
// fixture.
func wantLines(t *testing.T, dir, rule string) map[string]bool {
	t.Helper()
	out := map[string]bool{}
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		if rel == "fixture.wants" {
			// What cannot carry a comment (a packaged chart): "FILE:LINE RULE …".
			for _, line := range strings.Split(string(data), "\n") {
				if f := strings.Fields(line); len(f) >= 2 && !strings.HasPrefix(line, "#") && strings.HasPrefix(f[1], rule) {
					out[f[0]] = true
				}
			}
			return nil
		}
		for i, line := range strings.Split(string(data), "\n") {
			if strings.Contains(line, "# want "+rule) {
				out[fmt.Sprintf("%s:%d", filepath.ToSlash(rel), i+1)] = true
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// loadModel reads a fixture the way `faultline lint DIR` does.
func loadModel(t *testing.T, dir string) *lint.Model {
	t.Helper()
	abs, err := filepath.Abs(dir)
	if err != nil {
		t.Fatal(err)
	}
	opts := engine.Options{Paths: []string{abs}, Cwd: abs, RelTo: abs, Vars: map[string]string{}, Renderer: chartrender.InProcess{}}
	if _, err := os.Stat(filepath.Join(abs, lint.ConfigFile)); err == nil {
		cfg, err := lint.LoadConfig(filepath.Join(abs, lint.ConfigFile))
		if err != nil {
			t.Fatal(err)
		}
		opts.Config = cfg
	}
	l, err := engine.Load(opts)
	if err != nil {
		t.Fatal(err)
	}
	return l.Input.Model
}

// BenchmarkCheck fits the generated platform tree (4× of the default
// 10 teams: NodePools, node groups and the workloads of charts,
// kustomizations and plain manifests) once per op.
func BenchmarkCheck(b *testing.B) {
	dir := b.TempDir()
	if _, err := benchgen.Generate(dir, benchgen.Options{Teams: 40, ResourcesPerModule: 20, ShareEvery: 3}); err != nil {
		b.Fatal(err)
	}
	l, err := engine.Load(engine.Options{Paths: []string{dir}, Cwd: dir, RelTo: dir, Vars: map[string]string{}, Renderer: chartrender.InProcess{}})
	if err != nil {
		b.Fatal(err)
	}
	m := l.Input.Model
	for b.Loop() {
		scheduling.Check(m)
	}
	b.ReportMetric(float64(len(m.Workloads)), "workloads")
	b.ReportMetric(float64(len(m.NodePools)+len(m.NodeGroups)), "places")
}

// TestUnjudgedSayWhy: a workload the tree cannot judge is counted under
// the reason that holds.
func TestUnjudgedSayWhy(t *testing.T) {
	for dir, want := range map[string]string{
		"FL401/negative_capacity_declared_elsewhere":                 "their EKS cluster is not declared here",
		"FL401/negative_auto_mode_cluster":                           "their cluster runs EKS Auto Mode",
		"FL401/negative_auto_mode_cluster_alone":                     "their cluster runs EKS Auto Mode",
		"FL401/negative_auto_mode_eks_module":                        "their cluster runs EKS Auto Mode",
		"FL401/negative_auto_mode_one_of_two_clusters":               "their cluster is not named, and one of the clusters declared here runs EKS Auto Mode",
		"FL401/negative_karpenter_installed_nodepools_elsewhere":     "Karpenter is installed or set up for their cluster (its chart, its IAM role or its interruption queue is declared here) with no NodePool declared here",
		"FL402/negative_label_defined_nowhere":                       "they select labels or names no place declared here carries",
		"FL401/negative_only_nodepools_in_raw_chart_values":          "helm_release.pools applies NodePools in a chart faultline does not render",
		"FL402/negative_nodepools_from_an_unread_data_addons_module": "module.data_addons (aws-ia/eks-data-addons/aws 1.37.1), whose code faultline does not read, applies Karpenter NodePools",
		"FL402/negative_node_group_from_an_unread_module":            "but module.workers (cloudposse/eks-node-group/aws 3.3.0), whose code faultline does not read, may declare them",
		"FL401/negative_requests_unknown":                            "their requests or pod spec cannot be read",
		"FL402/negative_fargate_profile_selects_other_namespace":     "no NodePool or node group of their cluster is declared here, and no Fargate profile of it selects",
	} {
		res := scheduling.Check(loadModel(t, filepath.Join("../../rules/testdata", dir)))
		var got []string
		for reason := range res.Unjudged {
			if strings.HasPrefix(reason, "they are modelled from a chart") {
				// The fixture's Karpenter release: its controller is
				// counted apart (TestUnjudgedModelledController).
				continue
			}
			got = append(got, res.Unjudgedf(reason))
		}
		// The Karpenter controller beside a node group is judged (and
		// fits): NodePools declared or not, it never runs on theirs.
		judged := 0
		if dir == "FL401/negative_karpenter_installed_nodepools_elsewhere" || dir == "FL401/negative_only_nodepools_in_raw_chart_values" || dir == "FL402/negative_nodepools_from_an_unread_data_addons_module" {
			judged = 1
		}
		if len(got) != 1 || !strings.Contains(got[0], want) || res.Judged != judged {
			t.Errorf("%s: judged %d, unjudged %q, want one reason %q", dir, res.Judged, got, want)
		}
	}
}

// TestUnjudgedModelledController: the controller of a Karpenter release
// of the chart's repository, modelled rather than rendered, is not judged
// when no node group or Fargate profile of its cluster is declared (the
// capacity that runs it is elsewhere); with one, it is.
func TestUnjudgedModelledController(t *testing.T) {
	res := scheduling.Check(loadModel(t, "../../rules/testdata/FL402/negative_remote_karpenter_controller_capacity_elsewhere"))
	var got []string
	for reason := range res.Unjudged {
		got = append(got, res.Unjudgedf(reason))
	}
	if len(got) != 1 || !strings.HasPrefix(got[0], "1 workload(s) not judged for scheduling: they are modelled from a chart that is not rendered") || res.Judged != 0 {
		t.Errorf("judged %d, unjudged %q", res.Judged, got)
	}
	res = scheduling.Check(loadModel(t, "../../rules/testdata/FL403/negative_remote_karpenter_controller_tolerates"))
	if res.Judged != 1 || len(res.Unjudged) != 0 {
		t.Errorf("beside a node group: judged %d, unjudged %v", res.Judged, res.Unjudged)
	}
}

// TestElsewhereNamesPrefixedGroup: a node group name no place carries,
// which a group of the tree is named with as its prefix and a dash, is
// noted with that group and the name EKS gives it; another name is not.
func TestElsewhereNamesPrefixedGroup(t *testing.T) {
	res := scheduling.Check(loadModel(t, "../../rules/testdata/FL402/negative_node_group_name_prefix_selector_is_the_prefix"))
	if len(res.Elsewhere) != 1 || !strings.Contains(res.Elsewhere[0].What, `aws_eks_node_group.batch is named with the prefix batch-, to which EKS adds a unique suffix: its nodes carry eks.amazonaws.com/nodegroup=batch-<suffix>`) {
		t.Errorf("elsewhere %+v, want the prefixed group named", res.Elsewhere)
	}
	res = scheduling.Check(loadModel(t, "../../rules/testdata/FL402/negative_label_defined_nowhere"))
	for _, e := range res.Elsewhere {
		if strings.Contains(e.What, "named with the prefix") {
			t.Errorf("elsewhere %q names a prefixed group", e.What)
		}
	}
}
