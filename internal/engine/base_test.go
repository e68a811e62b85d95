package engine

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/terraform"
)

const baseRole = `resource "aws_iam_role" "nodes" {
  name = "demo-nodes"
}
`

const baseNodeGroup = `
resource "aws_eks_node_group" "system" {
  cluster_name    = "demo"
  node_group_name = "system"
  node_role_arn   = aws_iam_role.nodes.arn
}
`

const xpNodeGroup = `apiVersion: eks.aws.upbound.io/v1beta1
kind: NodeGroup
metadata:
  name: prod-system
spec:
  deletionPolicy: Orphan
  forProvider:
    region: us-east-1
    clusterName: prod
    nodeRoleArnRef:
      name: prod-node-role
`

// loadBase writes base/ and head/ trees and loads head/ compared with base/.
func loadBase(t *testing.T, base, head map[string]string) []*lint.Change {
	t.Helper()
	root := t.TempDir()
	write(t, filepath.Join(root, "base"), base)
	write(t, filepath.Join(root, "head"), head)
	l, err := Load(Options{Paths: []string{filepath.Join(root, "head")}, Cwd: root, RelTo: root, BaseDir: filepath.Join(root, "base"), BaseRev: "main"})
	must(t, err)
	for _, c := range l.Input.Model.Changes {
		t.Logf("change %s %s at %s", c.Action, c.Address, c.Range)
	}
	return l.Input.Model.Changes
}

func TestBaseTerraformDeletion(t *testing.T) {
	cs := loadBase(t,
		map[string]string{"infra/main.tf": baseRole + baseNodeGroup},
		map[string]string{"infra/main.tf": baseRole})
	if len(cs) != 1 {
		t.Fatalf("want 1 change, got %d", len(cs))
	}
	c := cs[0]
	if c.Action != lint.ActionDelete || c.Origin != "base" || c.Before.Base().Kind != lint.KindNodeGroup {
		t.Errorf("change = %+v", c)
	}
	if c.Address != "aws_eks_node_group.system (at base main)" {
		t.Errorf("address = %q", c.Address)
	}
	if c.Range.File != "head/infra/main.tf" || c.Range.Line != 5 {
		t.Errorf("range = %v, want head/infra/main.tf:5", c.Range)
	}
}

func TestBaseCrossplaneOrphanDeletion(t *testing.T) {
	cs := loadBase(t,
		map[string]string{"xp/nodegroups.yaml": xpNodeGroup, "xp/other.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: a\n  namespace: b\n"},
		map[string]string{"xp/other.yaml": "apiVersion: v1\nkind: ServiceAccount\nmetadata:\n  name: a\n  namespace: b\n"})
	var found *lint.Change
	for _, c := range cs {
		if c.Before.Base().Crossplane != nil {
			found = c
		} else {
			t.Errorf("unexpected change %s %s", c.Action, c.Address)
		}
	}
	if found == nil {
		t.Fatalf("no change for the Crossplane node group: %v", cs)
	}
	if found.Action != lint.ActionDelete || !found.Before.Base().Crossplane.Orphans() {
		t.Errorf("change = %+v, orphans %v", found, found.Before.Base().Crossplane.Orphans())
	}
	if found.Range.File != "head/xp/nodegroups.yaml" {
		t.Errorf("range = %v", found.Range)
	}
}

func TestBaseRenamedFileIsNoChange(t *testing.T) {
	cs := loadBase(t,
		map[string]string{"xp/nodegroups.yaml": xpNodeGroup, "infra/main.tf": baseRole},
		map[string]string{"crossplane/eks/system.yaml": xpNodeGroup, "infra/main.tf": baseRole})
	if len(cs) != 0 {
		t.Errorf("want no change, got %d", len(cs))
	}
}

// A root module directory moved with its files unchanged keeps its
// backend, so its state: nothing it declares is deleted. Moved with a
// file changed, it may be a new state: compared as before.
func TestBaseMovedRootIsTheSameRoot(t *testing.T) {
	files := map[string]string{"main.tf": baseRole + baseNodeGroup, "backend.tf": "terraform {\n  backend \"s3\" {\n    key = \"k8s.tfstate\"\n  }\n}\n"}
	at := func(dir string, fs map[string]string) map[string]string {
		out := map[string]string{}
		for n, c := range fs {
			out[dir+"/"+n] = c
		}
		return out
	}
	if cs := loadBase(t, at("infra/k8s", files), at("infra/eks", files)); len(cs) != 0 {
		t.Errorf("moved root: %d changes, want none", len(cs))
	}
	changed := maps.Clone(files)
	changed["backend.tf"] = strings.Replace(files["backend.tf"], "k8s.tfstate", "eks.tfstate", 1)
	if cs := loadBase(t, at("infra/k8s", files), at("infra/eks", changed)); len(cs) != 2 {
		t.Errorf("moved root with a new backend key: %d changes, want its role and node group deleted", len(cs))
	}
}

func TestBaseRoleRenameIsReplacement(t *testing.T) {
	cs := loadBase(t,
		map[string]string{"infra/main.tf": baseRole},
		map[string]string{"infra/main.tf": strings.Replace(baseRole, "demo-nodes", "demo-nodes-v2", 1)})
	if len(cs) != 1 || cs[0].Action != lint.ActionReplace || cs[0].Before.Base().Kind != lint.KindRole {
		t.Fatalf("want one role replacement, got %v", cs)
	}
	if n, _ := cs[0].Before.Base().Name.Str(); n != "demo-nodes" {
		t.Errorf("Before name = %q, want the base name", n)
	}
}

func TestBaseCrossplaneExternalNameIsReplacement(t *testing.T) {
	withName := func(n string) string {
		return strings.Replace(xpNodeGroup, "  name: prod-system\n", "  name: prod-system\n  annotations:\n    crossplane.io/external-name: "+n+"\n", 1)
	}
	cs := loadBase(t,
		map[string]string{"xp/ng.yaml": withName("system-a")},
		map[string]string{"xp/ng.yaml": withName("system-b")})
	if len(cs) != 1 || cs[0].Action != lint.ActionReplace {
		t.Fatalf("want one replacement, got %v", cs)
	}
}

func TestBaseMovedBlockIsNoChange(t *testing.T) {
	moved := baseRole + strings.Replace(baseNodeGroup, `"system"`+" {", `"core"`+" {", 1) + `
moved {
  from = aws_eks_node_group.system
  to   = aws_eks_node_group.core
}
`
	cs := loadBase(t,
		map[string]string{"infra/main.tf": baseRole + baseNodeGroup},
		map[string]string{"infra/main.tf": moved})
	if len(cs) != 0 {
		t.Errorf("want no change, got %d", len(cs))
	}
}

func TestBaseRemovedBlockForgets(t *testing.T) {
	cs := loadBase(t,
		map[string]string{"infra/main.tf": baseRole + baseNodeGroup},
		map[string]string{"infra/main.tf": baseRole + `
removed {
  from = aws_eks_node_group.system
  lifecycle {
    destroy = false
  }
}
`})
	if len(cs) != 1 || cs[0].Action != lint.ActionForget {
		t.Fatalf("want one forget, got %v", cs)
	}
}

func TestBaseNewDirectoryHasNoBase(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "head"), map[string]string{"infra/main.tf": baseRole})
	write(t, filepath.Join(root, "base"), map[string]string{"other/x.tf": baseRole})
	l, err := Load(Options{Paths: []string{filepath.Join(root, "head", "infra")}, Cwd: root, BaseDir: filepath.Join(root, "base"), BaseRoot: filepath.Join(root, "head")})
	must(t, err)
	if n := len(l.Input.Model.Changes); n != 0 {
		t.Errorf("want no change, got %d", n)
	}
}

const clusterNodeClass = `apiVersion: karpenter.k8s.aws/v1
kind: EC2NodeClass
metadata:
  name: default
spec:
  role: nodes
  amiSelectorTerms:
    - alias: al2023@latest
`

func TestBaseSameObjectInTwoClusterDirectories(t *testing.T) {
	cs := loadBase(t,
		map[string]string{"clusters/prod/nodeclass.yaml": clusterNodeClass, "clusters/staging/nodeclass.yaml": clusterNodeClass},
		map[string]string{"clusters/prod/nodeclass.yaml": clusterNodeClass})
	if len(cs) != 1 || cs[0].Action != lint.ActionDelete || !strings.HasSuffix(cs[0].Range.File, "clusters/staging/nodeclass.yaml") {
		t.Fatalf("want the staging EC2NodeClass deleted, got %v", cs)
	}
	// A file moved within one cluster directory is no change; nor is one
	// of two copies moving.
	cs = loadBase(t,
		map[string]string{"clusters/prod/nodeclass.yaml": clusterNodeClass, "clusters/staging/nodeclass.yaml": clusterNodeClass},
		map[string]string{"clusters/prod/karpenter/nodeclass.yaml": clusterNodeClass, "clusters/staging/nodeclass.yaml": clusterNodeClass})
	if len(cs) != 0 {
		t.Errorf("want no change, got %v", cs)
	}
}

func TestBaseMovesInsideCalledModules(t *testing.T) {
	call := `module "nodes" {
  source = "./modules/nodes"
  count  = 1
}
`
	module := baseRole + baseNodeGroup
	renamed := baseRole + strings.Replace(baseNodeGroup, `"system" {`, `"core" {`, 1)
	cs := loadBase(t,
		map[string]string{"infra/main.tf": call, "infra/modules/nodes/main.tf": module},
		map[string]string{"infra/main.tf": call, "infra/modules/nodes/main.tf": renamed + `
moved {
  from = aws_eks_node_group.system
  to   = aws_eks_node_group.core
}
`})
	if len(cs) != 0 {
		t.Errorf("moved inside the module: want no change, got %v", cs)
	}
	cs = loadBase(t,
		map[string]string{"infra/main.tf": call, "infra/modules/nodes/main.tf": module},
		map[string]string{"infra/main.tf": call, "infra/modules/nodes/main.tf": baseRole + `
removed {
  from = aws_eks_node_group.system
  lifecycle {
    destroy = false
  }
}
`})
	if len(cs) != 1 || cs[0].Action != lint.ActionForget || !strings.Contains(cs[0].Reason, "destroy = false") {
		t.Fatalf("removed inside the module: want one forget, got %v", cs)
	}
	// Without the moved block, the rename is a deletion.
	cs = loadBase(t,
		map[string]string{"infra/main.tf": call, "infra/modules/nodes/main.tf": module},
		map[string]string{"infra/main.tf": call, "infra/modules/nodes/main.tf": renamed})
	if len(cs) != 1 || cs[0].Action != lint.ActionDelete {
		t.Errorf("want one deletion, got %v", cs)
	}
}

func TestBaseReasons(t *testing.T) {
	cs := loadBase(t,
		map[string]string{"infra/main.tf": baseRole},
		map[string]string{"infra/main.tf": strings.Replace(baseRole, "demo-nodes", "demo-nodes-v2", 1)})
	if len(cs) != 1 || cs[0].Reason != `its name changed from "demo-nodes" to "demo-nodes-v2"` || cs[0].Revision != "main" {
		t.Fatalf("rename: %+v", cs)
	}
}

func TestMoveRules(t *testing.T) {
	r := moveRule{mod: []string{"a", "b"}, from: "aws_iam_role.x", to: "aws_iam_role.y"}
	for in, want := range map[string]string{
		`module.a[0].module.b["k"].aws_iam_role.x`:  `module.a[0].module.b["k"].aws_iam_role.y`,
		`module.a.module.b.aws_iam_role.x[1]`:       `module.a.module.b.aws_iam_role.y[1]`,
		`module.a.module.b.module.c.aws_iam_role.x`: "",
		`module.a.aws_iam_role.x`:                   "",
		`module.a.module.b.aws_iam_role.xyz`:        "",
	} {
		got, ok := r.apply(in)
		if !ok {
			got = ""
		}
		if got != want {
			t.Errorf("apply(%s) = %q, want %q", in, got, want)
		}
	}
}

// TestBaseSkipsCallsReadFromTheCacheOnlyAtHead: the base revision has no
// module cache, so a call the scanned tree reads from its cache is
// modelled (or unknown) at base; what the base saw inside it is not
// compared, and a note at the call says so. A call resolved the same way
// on both sides is compared as before.
func TestBaseSkipsCallsReadFromTheCacheOnlyAtHead(t *testing.T) {
	call := lint.Range{File: "infra/main.tf", Line: 3}
	head := []terraform.ModuleCall{
		{Root: "infra", Call: "module.eks", How: terraform.ResolvedCached, Range: call},
		{Root: "infra", Call: "module.eks.module.kms", How: terraform.ResolvedCached},
		{Root: "infra", Call: "module.vpc", How: terraform.ResolvedCached},
		{Root: "infra", Call: "module.irsa", How: terraform.ResolvedUnknown, Range: lint.Range{File: "infra/main.tf", Line: 9}},
		{Root: "infra", Call: "module.tags", How: terraform.ResolvedUnknown},
	}
	base := []terraform.ModuleCall{
		{Root: "infra", Call: "module.eks", How: terraform.ResolvedModelled},
		{Root: "infra", Call: "module.vpc", How: terraform.ResolvedCached},
		{Root: "infra", Call: "module.irsa", How: terraform.ResolvedModelled},
		{Root: "infra", Call: "module.tags", How: terraform.ResolvedUnknown},
	}
	skip, notes := uncomparableCalls(head, base)
	if len(skip) != 2 || !skip["infra:module.eks"] || !skip["infra:module.irsa"] {
		t.Errorf("skip %v, want module.eks (cached only here) and module.irsa (not read here)", skip)
	}
	if len(notes) != 2 || notes[0].Kind != lint.Skipped || notes[0].Range != call || !strings.Contains(notes[0].What, "modelled at base") ||
		!strings.Contains(notes[1].What, "module.irsa: not compared with the base revision: its code is not read here (modelled at base)") {
		t.Errorf("notes %+v", notes)
	}
	role := func(addr string) *lint.Role {
		_, label, _ := strings.Cut(addr, ":")
		return &lint.Role{Object: lint.Object{Kind: lint.KindRole, Addr: addr, Label: label, Source: lint.SourceTerraform, Name: lint.Known("demo-nodes")}}
	}
	bm := &lint.Model{}
	bm.Add(role(`infra:module.eks.aws_iam_role.this[0]`), role(`infra:module.eks.module.node["a"].aws_iam_role.this`), role("infra:module.vpc.aws_iam_role.flow_logs[0]"))
	bm.Add(lint.NewAWSAuthMapping(lint.Object{Addr: "infra:module.eks.kubernetes_config_map.aws_auth[0]", Label: "module.eks.kubernetes_config_map.aws_auth[0]", Source: lint.SourceTerraform}, lint.Known("arn:aws:iam::111122223333:role/demo-nodes"), nil, lint.Range{}, lint.Unknown()))
	// Inside module.eks, the block the scanned tree also has is compared
	// (its instance "a" is gone: a real deletion), the others are not.
	bm.Add(role(`infra:module.eks.module.pool["a"].aws_iam_role.this[0]`))
	hm := &lint.Model{}
	hm.Add(role(`infra:module.eks.module.pool["b"].aws_iam_role.this[0]`))
	var got []string
	for _, c := range diffBase(bm, hm, moves{}, "", skip, nil, nil, nil) {
		got = append(got, c.Before.Base().Addr)
	}
	want := []string{"infra:module.vpc.aws_iam_role.flow_logs[0]", `infra:module.eks.module.pool["a"].aws_iam_role.this[0]`}
	if !slices.Equal(got, want) {
		t.Errorf("changes at %q, want %q (the vpc module is cached on both sides)", got, want)
	}
	if n := len(diffBase(bm, hm, moves{}, "", nil, nil, nil, nil)); n != 5 {
		t.Errorf("without skipping, %d changes, want 5", n)
	}
}

// Terraform moves a resource instance to [0] (and back) by itself when
// its block gains (loses) count, not a module call; a moved block naming
// an instance on either side moves that instance only.
func TestImpliedMoveAndInstanceMoves(t *testing.T) {
	for key, want := range map[string]string{
		"infra:aws_security_group.nodes":                                  "infra:aws_security_group.nodes[0]",
		"infra:aws_security_group.nodes[0]":                               "infra:aws_security_group.nodes",
		"infra:module.m[0].aws_iam_role.this":                             "infra:module.m[0].aws_iam_role.this[0]",
		"infra:aws_eks_cluster.x.vpc_config[0].cluster_security_group_id": "infra:aws_eks_cluster.x[0].vpc_config[0].cluster_security_group_id",
		"infra:data.aws_iam_role.r[0]":                                    "infra:data.aws_iam_role.r",
		"infra:aws_security_group.nodes[\"a\"]":                           "",
		"infra:aws_security_group.nodes[1]":                               "",
	} {
		got, ok := impliedMove(key)
		if ok != (want != "") || got != want {
			t.Errorf("%s: %q %v, want %q", key, got, ok, want)
		}
	}
	rule := moveRule{from: "module.m", to: "module.m[0]"}
	if got, ok := rule.apply("module.m[0].aws_iam_role.this"); ok {
		t.Errorf("module.m → module.m[0] moved module.m[0]'s role to %s", got)
	}
	if got, ok := rule.apply("module.m.aws_iam_role.this"); !ok || got != "module.m[0].aws_iam_role.this" {
		t.Errorf("module.m's role moved to %q %v", got, ok)
	}
	if got, ok := (moveRule{from: "module.a", to: "module.b"}).apply("module.a[2].aws_iam_role.this"); !ok || got != "module.b[2].aws_iam_role.this" {
		t.Errorf("module.a → module.b moved module.a[2]'s role to %q %v", got, ok)
	}
}

// A Kubernetes key holding a value known only at apply is not the
// object's key across the two models: its placeholder's number depends on
// evaluation order. The Terraform address is.
func TestBaseKeySkipsKeysWithUnknowns(t *testing.T) {
	h := lint.NewHoles()
	name := h.Sentinel(lint.HoleRef{Object: "apps:kubernetes_manifest.vpa[*]", Path: "manifest.metadata.name"})
	o := &lint.KubeObject{Object: lint.Object{Addr: "apps:kubernetes_manifest.vpa[*]", Aliases: []string{lint.KubeKey("autoscaling.k8s.io", "VerticalPodAutoscaler", "apps", name)}}}
	if got := baseKey(o); got != "apps:kubernetes_manifest.vpa[*]" {
		t.Errorf("key %q, want the address", got)
	}
	o.Aliases = []string{lint.KubeKey("autoscaling.k8s.io", "VerticalPodAutoscaler", "apps", "web")}
	if got := baseKey(o); got != o.Aliases[0] {
		t.Errorf("key %q, want the Kubernetes key %q", got, o.Aliases[0])
	}
}
