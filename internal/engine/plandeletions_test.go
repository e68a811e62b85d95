package engine_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/plan"
	"github.com/faultline-dev/faultline/rules"
)

// groupPlanSpec shapes a generated plan about managed node groups.
type groupPlanSpec struct {
	// deletions node groups are deleted (aws_eks_node_group.old_i),
	// old_i running as role-(i mod roles) in cluster prod.
	deletions, roles int
	// created node groups are created (aws_eks_node_group.new_j, in
	// resource_changes and planned values), new_j running as
	// role-(j mod roles): they keep their role's node access.
	created int
	// mixed deletes, per role r, its instance profile (r mod 3 = 0), its
	// access entry (r mod 3 = 1) or the role itself (r mod 3 = 2).
	mixed bool
	// classes Karpenter EC2NodeClasses in cluster prod run as role-k
	// (k < classes): the survivors the deletion rules compare with.
	classes int
}

// groupPlan is the JSON of `terraform show -json` for spec: the shape of
// issue 23, item 7 (many managed node group deletions).
func groupPlan(spec groupPlanSpec) []byte {
	const acct = "111122223333"
	roleARN := func(r int) string { return fmt.Sprintf("arn:aws:iam::%s:role/role-%d", acct, r) }
	group := func(i int) map[string]any {
		return map[string]any{"cluster_name": "prod", "node_group_name": fmt.Sprintf("ng-%d", i), "node_role_arn": roleARN(i % spec.roles),
			"scaling_config": []any{map[string]any{"desired_size": 1, "max_size": 2, "min_size": 1}}, "instance_types": []any{"m6i.large"}}
	}
	type rc struct {
		Address      string         `json:"address"`
		Mode         string         `json:"mode"`
		Type         string         `json:"type"`
		Name         string         `json:"name"`
		ProviderName string         `json:"provider_name"`
		Change       map[string]any `json:"change"`
	}
	change := func(typ, name string, actions string, before, after map[string]any) rc {
		return rc{Address: typ + "." + name, Mode: "managed", Type: typ, Name: name, ProviderName: "registry.terraform.io/hashicorp/aws",
			Change: map[string]any{"actions": []string{actions}, "before": before, "after": after}}
	}
	changes := make([]rc, 0, spec.deletions+spec.created+spec.roles)
	for i := range spec.deletions {
		changes = append(changes, change("aws_eks_node_group", fmt.Sprintf("old_%d", i), "delete", group(i), nil))
	}
	var planned []map[string]any
	for j := range spec.created {
		name := fmt.Sprintf("new_%d", j)
		changes = append(changes, change("aws_eks_node_group", name, "create", nil, group(j)))
		planned = append(planned, map[string]any{"address": "aws_eks_node_group." + name, "mode": "managed", "type": "aws_eks_node_group", "name": name,
			"provider_name": "registry.terraform.io/hashicorp/aws", "schema_version": 0, "values": group(j)})
	}
	for r := 0; spec.mixed && r < spec.roles; r++ {
		switch r % 3 {
		case 0:
			changes = append(changes, change("aws_iam_instance_profile", fmt.Sprintf("p_%d", r), "delete",
				map[string]any{"name": fmt.Sprintf("profile-%d", r), "arn": fmt.Sprintf("arn:aws:iam::%s:instance-profile/profile-%d", acct, r), "role": fmt.Sprintf("role-%d", r)}, nil))
		case 1:
			changes = append(changes, change("aws_eks_access_entry", fmt.Sprintf("e_%d", r), "delete",
				map[string]any{"cluster_name": "prod", "principal_arn": roleARN(r), "type": "EC2_LINUX"}, nil))
		case 2:
			changes = append(changes, change("aws_iam_role", fmt.Sprintf("role_%d", r), "delete",
				map[string]any{"name": fmt.Sprintf("role-%d", r), "arn": roleARN(r)}, nil))
		}
	}
	out, err := json.Marshal(map[string]any{
		"format_version":    "1.2",
		"terraform_version": "1.9.0",
		"planned_values":    map[string]any{"root_module": map[string]any{"resources": planned}},
		"resource_changes":  changes,
	})
	if err != nil {
		panic(err)
	}
	return out
}

// groupTree writes the scanned tree of spec into dir: its node classes,
// one file each (nodeclass-k.yaml, spec.role on line 8).
func groupTree(tb testing.TB, dir string, spec groupPlanSpec) {
	tb.Helper()
	for k := range spec.classes {
		doc := fmt.Sprintf("apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: class%d\n  annotations:\n    faultline.dev/cluster: prod\nspec:\n  role: role-%d\n", k, k)
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("nodeclass-%d.yaml", k)), []byte(doc), 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// loadGroupPlan parses spec's plan and loads it with its tree in dir.
func loadGroupPlan(tb testing.TB, dir string, data []byte) *engine.Loaded {
	tb.Helper()
	p, err := plan.Parse(bytes.NewReader(data))
	if err != nil {
		tb.Fatal(err)
	}
	l, err := engine.Load(engine.Options{Paths: []string{dir}, Cwd: dir, Plan: p, PlanFile: "plan.json"})
	if err != nil {
		tb.Fatal(err)
	}
	return l
}

// TestGroupPlanFindings pins the findings of a small mixed plan (node
// group deletions, a creation keeping one role, an instance profile, an
// access entry and a role deleted) by rule, file and line: the indexes
// that make plan deletions linear change no output.
func TestGroupPlanFindings(t *testing.T) {
	spec := groupPlanSpec{deletions: 9, roles: 4, created: 1, mixed: true, classes: 4}
	dir := t.TempDir()
	groupTree(t, dir, spec)
	l := loadGroupPlan(t, dir, groupPlan(spec))
	res := lint.Run(l.Input, rules.All, lint.Options{})
	var got []string
	for _, f := range res.Findings {
		got = append(got, fmt.Sprintf("%s %s:%d %s", f.Rule, f.Range.File, f.Range.Line, f.Message))
	}
	want := []string{
		`FL101 nodeclass-0.yaml:8 IAM role "role-0" is used by Karpenter EC2NodeClass class0 and also by managed node group aws_eks_node_group.new_0`,
		`FL301 nodeclass-1.yaml:8 managed node group aws_eks_node_group.old_1 is deleted by the plan while Karpenter EC2NodeClass class1 still runs as its role "role-1"; no other managed node group keeps the role's node access`,
		`FL301 nodeclass-1.yaml:8 managed node group aws_eks_node_group.old_5 is deleted by the plan while Karpenter EC2NodeClass class1 still runs as its role "role-1"; no other managed node group keeps the role's node access`,
		`FL305 nodeclass-1.yaml:8 access entry aws_eks_access_entry.e_1 for role "role-1" is deleted by the plan while Karpenter EC2NodeClass class1 still runs as the role`,
		`FL301 nodeclass-2.yaml:8 managed node group aws_eks_node_group.old_2 is deleted by the plan while Karpenter EC2NodeClass class2 still runs as its role "role-2"; no other managed node group keeps the role's node access`,
		`FL301 nodeclass-2.yaml:8 managed node group aws_eks_node_group.old_6 is deleted by the plan while Karpenter EC2NodeClass class2 still runs as its role "role-2"; no other managed node group keeps the role's node access`,
		`FL303 nodeclass-2.yaml:8 IAM role aws_iam_role.role_2 is deleted by the plan while Karpenter EC2NodeClass class2 still uses it`,
		`FL301 nodeclass-3.yaml:8 managed node group aws_eks_node_group.old_3 is deleted by the plan while Karpenter EC2NodeClass class3 still runs as its role "role-3"; no other managed node group keeps the role's node access`,
		`FL301 nodeclass-3.yaml:8 managed node group aws_eks_node_group.old_7 is deleted by the plan while Karpenter EC2NodeClass class3 still runs as its role "role-3"; no other managed node group keeps the role's node access`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// allocatedBytes is what f allocates, in bytes, over the whole process.
func allocatedBytes(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestPlanDeletionsLinear shows, without timing, that the plan join and
// the rules cost the same per change at 1,000 and 8,000 node group
// deletions: the bytes they allocate per change do not grow. A scan of
// every change, node or related location per deletion (a quadratic
// cost) allocates per change in proportion to the plan's size, and is 8
// times as much at the larger size.
func TestPlanDeletionsLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("loads plans of 8,000 deletions")
	}
	for _, tc := range []struct {
		name  string
		shape func(n int) groupPlanSpec
	}{
		// Every deletion leaves Karpenter on its role: a finding each.
		{"shared roles", func(n int) groupPlanSpec { return groupPlanSpec{deletions: n, roles: 4, classes: 4} }},
		// A migration: every deleted group's role is kept by new groups,
		// which share it with Karpenter.
		{"replaced", func(n int) groupPlanSpec { return groupPlanSpec{deletions: n, roles: 1, created: n, classes: 1} }},
		// Roles of their own, some deleted with their profile or entry.
		{"mixed", func(n int) groupPlanSpec { return groupPlanSpec{deletions: n, roles: n / 2, mixed: true, classes: 4} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var perChange [2]float64
			for k, n := range []int{1000, 8000} {
				spec := tc.shape(n)
				dir := t.TempDir()
				groupTree(t, dir, spec)
				data := groupPlan(spec)
				var l *engine.Loaded
				load := allocatedBytes(func() { l = loadGroupPlan(t, dir, data) })
				check := allocatedBytes(func() { lint.Run(l.Input, rules.All, lint.Options{}) })
				perChange[k] = float64(load+check) / float64(len(l.Input.Model.Changes))
				t.Logf("n=%d: %d changes, load %.0f B/change, rules %.0f B/change", n, len(l.Input.Model.Changes),
					float64(load)/float64(len(l.Input.Model.Changes)), float64(check)/float64(len(l.Input.Model.Changes)))
			}
			if ratio := perChange[1] / perChange[0]; ratio > 1.5 {
				t.Errorf("bytes allocated per change grow %.1f× from 1,000 to 8,000 deletions (%.0f → %.0f): not linear", ratio, perChange[0], perChange[1])
			}
		})
	}
}
