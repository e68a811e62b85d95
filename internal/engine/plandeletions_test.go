package engine_test

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/internal/benchgen"
	"github.com/faultline-dev/faultline/internal/engine"
	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/plan"
	"github.com/faultline-dev/faultline/rules"
)

// groupPlanSpec shapes a generated plan about managed node groups (see
// benchgen.GroupPlan).
type groupPlanSpec = benchgen.GroupPlan

// groupPlan is the JSON of spec's plan.
func groupPlan(tb testing.TB, spec groupPlanSpec) []byte {
	tb.Helper()
	data, err := spec.JSON()
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// groupTree writes spec's node classes into dir.
func groupTree(tb testing.TB, dir string, spec groupPlanSpec) {
	tb.Helper()
	if err := spec.WriteTree(dir); err != nil {
		tb.Fatal(err)
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
	spec := groupPlanSpec{Deletions: 9, Roles: 4, Created: 1, Mixed: true, Classes: 4}
	dir := t.TempDir()
	groupTree(t, dir, spec)
	l := loadGroupPlan(t, dir, groupPlan(t, spec))
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
		{"shared roles", func(n int) groupPlanSpec { return groupPlanSpec{Deletions: n, Roles: 4, Classes: 4} }},
		// A migration: every deleted group's role is kept by new groups,
		// which share it with Karpenter.
		{"replaced", func(n int) groupPlanSpec { return groupPlanSpec{Deletions: n, Roles: 1, Created: n, Classes: 1} }},
		// Roles of their own, some deleted with their profile or entry.
		{"mixed", func(n int) groupPlanSpec { return groupPlanSpec{Deletions: n, Roles: n / 2, Mixed: true, Classes: 4} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var perChange [2]float64
			for k, n := range []int{1000, 8000} {
				spec := tc.shape(n)
				dir := t.TempDir()
				groupTree(t, dir, spec)
				data := groupPlan(t, spec)
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
