package engine

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/plan"
)

func atlantisPlan(t *testing.T) (*plan.Plan, string) {
	t.Helper()
	path, err := filepath.Abs("../../examples/atlantis/plan.json")
	must(t, err)
	f, err := os.Open(path)
	must(t, err)
	defer f.Close()
	p, err := plan.Parse(f)
	must(t, err)
	return p, path
}

func TestPlanChangesJoinTheModel(t *testing.T) {
	p, _ := atlantisPlan(t)
	root := t.TempDir()
	// The source still declares the deleted node group (a plan made
	// before the pull request's last commit, or a count gone to zero):
	// the change is anchored at its block.
	write(t, root, map[string]string{
		"plan.json": "{}",
		"infra/main.tf": `resource "aws_iam_role" "nodes" {
  name = "demo-nodes"
}

resource "aws_eks_node_group" "legacy" {
  cluster_name    = "demo"
  node_group_name = "legacy"
  node_role_arn   = aws_iam_role.nodes.arn
}
`,
		"k8s/nodeclass.yaml": "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: default\nspec:\n  role: demo-nodes\n",
	})
	l, err := Load(Options{Paths: []string{root}, Cwd: root, Plan: p, PlanFile: filepath.Join(root, "plan.json")})
	must(t, err)
	m := l.Input.Model
	if len(m.Changes) != 1 {
		t.Fatalf("changes = %+v", m.Changes)
	}
	c := m.Changes[0]
	want := lint.Range{File: "infra/main.tf", Line: 5}
	if c.Action != lint.ActionDelete || c.Address != "aws_eks_node_group.legacy" || c.Range.File != want.File || c.Range.Line != want.Line {
		t.Errorf("change = %+v", c)
	}
	ng := c.Before.(*lint.NodeGroup)
	if ng.Range != c.Range || ng.Role.Range != c.Range {
		t.Errorf("before not anchored at the source: %+v", ng)
	}
	// The plan's entities are not model entities: the node group is gone.
	if len(m.NodeGroups) != 1 || m.NodeGroups[0].Addr == ng.Addr {
		t.Errorf("node groups = %+v", m.NodeGroups)
	}
	if len(m.NodeClasses) != 1 {
		t.Errorf("node classes = %+v", m.NodeClasses)
	}
}

func TestPlanChangeWithoutSource(t *testing.T) {
	p, path := atlantisPlan(t)
	repo, err := filepath.Abs("../../examples/atlantis/repo")
	must(t, err)
	base := filepath.Dir(repo)
	l, err := Load(Options{Paths: []string{repo}, Cwd: base, Plan: p, PlanFile: path})
	must(t, err)
	m := l.Input.Model
	if len(m.Changes) != 1 {
		t.Fatalf("changes = %+v", m.Changes)
	}
	c := m.Changes[0]
	if !c.Range.IsZero() {
		t.Errorf("deleted resource has a source range: %v", c.Range)
	}
	ng := c.Before.(*lint.NodeGroup)
	if ng.Role.Range.File != "plan.json" || !ng.Role.IsSet() {
		t.Errorf("role reference not anchored at the plan file: %+v", ng.Role)
	}
	id := m.ResolveRole(ng.Role.Value, ng.Scope)
	if id.Entity == nil {
		t.Errorf("the deleted node group's role does not resolve to the source's role: %+v", id)
	}
}
