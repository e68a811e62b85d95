package engine

import (
	"os"
	"path/filepath"
	"slices"
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

resource "aws_iam_role" "legacy_nodes" {
  name = "demo-legacy-nodes"
}

resource "aws_eks_node_group" "legacy" {
  cluster_name    = "demo"
  node_group_name = "legacy"
  node_role_arn   = aws_iam_role.legacy_nodes.arn
}
`,
		"k8s/nodeclass.yaml": "apiVersion: karpenter.k8s.aws/v1\nkind: EC2NodeClass\nmetadata:\n  name: default\nspec:\n  role: demo-nodes\n  amiSelectorTerms:\n    - alias: al2023@latest\n",
	})
	l, err := Load(Options{Paths: []string{root}, Cwd: root, Plan: p, PlanFile: filepath.Join(root, "plan.json")})
	must(t, err)
	m := l.Input.Model
	if len(m.Changes) != 1 {
		t.Fatalf("changes = %+v", m.Changes)
	}
	c := m.Changes[0]
	want := lint.Range{File: "infra/main.tf", Line: 9}
	if c.Action != lint.ActionDelete || c.Address != "aws_eks_node_group.legacy" || c.Range.File != want.File || c.Range.Line != want.Line {
		t.Errorf("change = %+v", c)
	}
	ng := c.Before.(*lint.NodeGroup)
	if ng.Range != c.Range || ng.Role.Range != c.Range {
		t.Errorf("before not anchored at the source: %+v", ng)
	}
	// The deleted node group's prior state is not a model entity; the
	// plan's system node group, which this source does not declare, is
	// (anchored at the plan file); the roles the source declares are not
	// added twice.
	var addrs []string
	for _, g := range m.NodeGroups {
		addrs = append(addrs, g.Addr+"@"+g.Range.File)
	}
	if len(addrs) != 2 || addrs[0] != "infra:aws_eks_node_group.legacy@infra/main.tf" || addrs[1] != "plan:aws_eks_node_group.system@plan.json" {
		t.Errorf("node groups = %v", addrs)
	}
	if len(m.Roles) != 2 || slices.ContainsFunc(m.Roles, func(r *lint.Role) bool { return r.FromPlan() }) {
		t.Errorf("roles = %+v, want the source's only", m.Roles)
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

func TestPlanShowsRegistryModuleInternals(t *testing.T) {
	dir, err := filepath.Abs("../../rules/testdata/FL301/negative_plan_registry_group_keeps_role")
	must(t, err)
	f, err := os.Open(filepath.Join(dir, "plan.json"))
	must(t, err)
	defer f.Close()
	p, err := plan.Parse(f)
	must(t, err)
	l, err := Load(Options{Paths: []string{dir}, Cwd: dir, Plan: p, PlanFile: "plan.json"})
	must(t, err)
	m := l.Input.Model
	if len(m.NodeGroups) != 1 {
		t.Fatalf("node groups = %d, want the registry module's from the plan", len(m.NodeGroups))
	}
	ng := m.NodeGroups[0]
	// The module is modelled (a built-in stand-in), so the source declares
	// the node group and the plan's instance joins it: one node group,
	// anchored at the module call.
	if ng.Addr != "infra:module.system.aws_eks_node_group.this[0]" || !ng.Managed || ng.Range.File != "infra/main.tf" || ng.Range.Line != 29 {
		t.Errorf("node group = %s at %s, want the modelled one joined by the plan's, anchored at the module call (infra/main.tf:29)", ng.Addr, ng.Range)
	}
	if id := m.ResolveRole(ng.Role.Value, ng.Scope); id.Entity == nil || id.Entity.Base().FromPlan() {
		t.Errorf("its role resolves to %+v, want the source's aws_iam_role.nodes", id)
	}
	if len(m.Roles) != 1 {
		t.Errorf("roles = %d: the role the source declares is not added again", len(m.Roles))
	}
}

func TestPlanFillsWhatTheSourceLeavesUnknown(t *testing.T) {
	p, _ := atlantisPlan(t)
	root := t.TempDir()
	write(t, root, map[string]string{
		"infra/main.tf": `variable "role_name" {
  type = string
}

resource "aws_iam_role" "nodes" {
  name = var.role_name
}
`,
	})
	l, err := Load(Options{Paths: []string{root}, Cwd: root, Plan: p, PlanFile: "plan.json"})
	must(t, err)
	var role *lint.Role
	for _, r := range l.Input.Model.Roles {
		if !r.FromPlan() {
			role = r
		}
	}
	if role == nil {
		t.Fatal("the source's role is missing")
	}
	if n, ok := role.Name.Str(); !ok || n != "demo-nodes" {
		t.Errorf("role name = %v, want the plan's demo-nodes", role.Name)
	}
	if role.Range.File != "infra/main.tf" {
		t.Errorf("the role keeps its source range, got %v", role.Range)
	}
}

// TestPlanSettlesPossibleInstances: with a plan, the instances of a block
// whose for_each the source cannot know are the plan's: the possible
// instance [*] becomes the planned ["gpu"], proven (no possibility, no
// inferred text), and is not kept beside it; a count the plan makes zero
// removes the possible instance.
func TestPlanSettlesPossibleInstances(t *testing.T) {
	for dir, want := range map[string][]string{
		"positive_plan_batch_pools_created":     {`aws_autoscaling_group.batch["gpu"]`, "aws_eks_node_group.system"},
		"positive_plan_batch_asg_created":       {"aws_autoscaling_group.batch[0]", "aws_eks_node_group.system"},
		"positive_plan_spare_group_not_created": {"aws_eks_node_group.system"},
	} {
		abs, err := filepath.Abs(filepath.Join("../../rules/testdata/FL301", dir))
		must(t, err)
		f, err := os.Open(filepath.Join(abs, "plan.json"))
		must(t, err)
		p, err := plan.Parse(f)
		f.Close()
		must(t, err)
		l, err := Load(Options{Paths: []string{abs}, Cwd: abs, Plan: p, PlanFile: "plan.json"})
		must(t, err)
		var got []string
		for _, g := range l.Input.Model.NodeGroups {
			if len(g.Possible) != 0 || len(g.Inferred) != 0 {
				t.Errorf("%s: %s still possible: %+v %q", dir, g.Label, g.Possible, g.Inferred)
			}
			got = append(got, g.Label)
		}
		for _, c := range l.Input.Model.Changes {
			got = append(got, c.Address)
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: node groups then changes %q, want %q", dir, got, want)
		}
	}
}

// TestPlanSettledInstanceKeepsReferences: the unkeyed possible role
// aws_iam_role.team[*] becomes the planned aws_iam_role.team[0], named as
// the plan names it; a reference written to the possible instance
// (aws_iam_role.team[0].arn read as team[*]) still reaches it.
func TestPlanSettledInstanceKeepsReferences(t *testing.T) {
	dir, err := filepath.Abs("testdata/plan_possible_alias")
	must(t, err)
	f, err := os.Open(filepath.Join(dir, "plan.json"))
	must(t, err)
	p, err := plan.Parse(f)
	f.Close()
	must(t, err)
	l, err := Load(Options{Paths: []string{dir}, Cwd: dir, Plan: p, PlanFile: "plan.json"})
	must(t, err)
	m := l.Input.Model
	if len(m.Roles) != 1 {
		t.Fatalf("roles %d, want the planned team[0] only", len(m.Roles))
	}
	r := m.Roles[0]
	if r.Label != "aws_iam_role.team[0]" || r.FromPlan() || len(r.Possible) != 0 || len(r.Inferred) != 0 {
		t.Errorf("role %s (%s): possible %+v inferred %q", r.Label, r.Addr, r.Possible, r.Inferred)
	}
	if n, ok := r.Name.Str(); !ok || n != "team-0-nodes" {
		t.Errorf("role name %s, want the plan's team-0-nodes", r.Name)
	}
	if len(m.NodeGroups) != 1 {
		t.Fatalf("node groups %d", len(m.NodeGroups))
	}
	ng := m.NodeGroups[0]
	if id := m.ResolveRole(ng.Role.Value, ng.Scope); id.Entity != r {
		t.Errorf("node group role %s resolves to %+v, want %s", ng.Role.Value, id.Entity, r.Addr)
	}
}

// TestPlanSettlesPossibleModuleInstances: the roles inside a module call
// whose for_each the source cannot know (module.pools[*]) become the
// plan's module instances, named as the plan names them; the roles of a
// call whose count the plan makes zero leave the model.
func TestPlanSettlesPossibleModuleInstances(t *testing.T) {
	dir, err := filepath.Abs("testdata/plan_possible_modules")
	must(t, err)
	f, err := os.Open(filepath.Join(dir, "plan.json"))
	must(t, err)
	p, err := plan.Parse(f)
	f.Close()
	must(t, err)
	l, err := Load(Options{Paths: []string{dir}, Cwd: dir, Plan: p, PlanFile: "plan.json"})
	must(t, err)
	l.Input.Model.Sort()
	var got []string
	for _, r := range l.Input.Model.Roles {
		n, _ := r.Name.Str()
		got = append(got, r.Addr+" "+n)
		if len(r.Possible) != 0 || len(r.Inferred) != 0 {
			t.Errorf("%s: possible %+v inferred %q", r.Label, r.Possible, r.Inferred)
		}
	}
	want := []string{`infra:module.pools["cpu"].aws_iam_role.this pool-m7`, `infra:module.pools["gpu"].aws_iam_role.this pool-g5`}
	if !slices.Equal(got, want) {
		t.Errorf("roles %q, want %q", got, want)
	}
}

// TestPlanDependsOnJoinedSource: an entity only the plan has that depends
// on an object the source declares too depends on the source's entity
// (the plan's copy joined it), so the relation has both ends in the model.
func TestPlanDependsOnJoinedSource(t *testing.T) {
	src := `{"format_version":"1.2",
"planned_values":{"root_module":{"resources":[
  {"address":"aws_iam_role.nodes","mode":"managed","type":"aws_iam_role","name":"nodes","values":{"name":"demo-nodes"}}],
 "child_modules":[{"address":"module.pool","resources":[
  {"address":"module.pool.aws_eks_node_group.this","mode":"managed","type":"aws_eks_node_group","name":"this","values":{"node_group_name":"pool"}}]}]}},
"configuration":{"root_module":{
 "resources":[{"address":"aws_iam_role.nodes","mode":"managed","type":"aws_iam_role","name":"nodes"}],
 "module_calls":{"pool":{"source":"git::https://example.com/pool.git","depends_on":["aws_iam_role.nodes"],"module":{"resources":[
  {"address":"aws_eks_node_group.this","mode":"managed","type":"aws_eks_node_group","name":"this"}]}}}}}}`
	p, err := plan.ParseBytes([]byte(src))
	must(t, err)
	root := t.TempDir()
	write(t, root, map[string]string{"main.tf": "resource \"aws_iam_role\" \"nodes\" {\n  name = \"demo-nodes\"\n}\n"})
	l, err := Load(Options{Paths: []string{root}, Cwd: root, Plan: p, PlanFile: "plan.json"})
	must(t, err)
	m := l.Input.Model
	if len(m.Roles) != 1 || m.Roles[0].FromPlan() || len(m.NodeGroups) != 1 {
		t.Fatalf("roles %d (from plan: %v), node groups %d; want the source's role and the plan's group", len(m.Roles), len(m.Roles) == 1 && m.Roles[0].FromPlan(), len(m.NodeGroups))
	}
	if got := m.NodeGroups[0].DependsOn; !slices.Equal(got, []string{m.Roles[0].Addr}) {
		t.Errorf("the node group depends on %q, want the source's role %q", got, m.Roles[0].Addr)
	}
}
