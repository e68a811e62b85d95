package lint

import (
	"strings"
	"testing"
)

// TestParseARNAccountPlaceholder: an account field that is no account ID
// (a pipeline's placeholder) is not known.
func TestParseARNAccountPlaceholder(t *testing.T) {
	for arn, want := range map[string]string{
		"arn:aws:iam::123456789012:role/app":     "123456789012",
		"arn:aws:iam::ACCOUNT_ID:role/app":       "",
		"arn:aws:iam::<account-id>:role/app":     "",
		"arn:aws:iam::12345:role/app":            "",
		"arn:aws:iam::aws:policy/ReadOnlyAccess": "aws",
		"arn:aws:s3:::bucket":                    "",
	} {
		a, ok := ParseARN(Known(arn))
		if !ok || a.Account != want {
			t.Errorf("ParseARN(%s).Account = %q, %v; want %q", arn, a.Account, ok, want)
		}
	}
}

// Two IAM roles one Terraform root creates are never one role, whatever
// their names are known to be; a name that is a value known only by its
// source (var.x with no value) names the role whose name is that value.
// Roles of two roots, read back by a data source, or one address in two
// models (a base revision and the head) may be one.
func TestDistinctDeclaredRoles(t *testing.T) {
	hole := func(root, v string) Value { return Hole(HoleRef{Object: root + ":" + v}) }
	role := func(root, addr string, name Value) *Role {
		return &Role{Object: Object{Kind: KindRole, Addr: root + ":" + addr, Root: root, Source: SourceTerraform, Name: name}}
	}
	karpenter := role("infra", "module.karpenter.aws_iam_role.node[0]", hole("infra", "var.cluster_name"))
	group := role("infra", "module.eks.module.eks_managed_node_group[\"system\"].aws_iam_role.this[0]", Concat(Known("system-eks-node-group-"), hole("infra", "aws_iam_role.this.name_suffix")))
	other := role("prod", "aws_iam_role.nodes", hole("prod", "var.name"))
	lookedUp := role("infra", "data.aws_iam_role.nodes", hole("infra", "var.cluster_name"))
	lookedUp.LookedUp = true
	m := &Model{}
	m.Add(karpenter, group, other, lookedUp)

	byName := m.ResolveRole(hole("infra", "var.cluster_name"), Scope{})
	if byName.Entity != karpenter {
		t.Fatalf("a name that is var.cluster_name resolves to %v, want the role named by it", byName.Entity)
	}
	id := func(e Entity) Identity { return Identity{Kind: KindRole, Entity: e, Name: e.Base().Name} }
	for _, c := range []struct {
		name string
		a, b Identity
		want Tri
	}{
		{"two roles of one root", byName, id(group), No},
		{"roles of two roots", id(group), id(other), Maybe},
		{"a role read back", id(group), id(lookedUp), Maybe},
		{"one address in two models", id(karpenter), id(role("infra", "module.karpenter.aws_iam_role.node[0]", hole("infra", "var.cluster_name"))), Yes},
	} {
		if got := SameIdentity(c.a, c.b); got != c.want {
			t.Errorf("%s: SameIdentity = %s, want %s", c.name, got, c.want)
		}
	}
}

// A literal role name no role provably has names, in its coverage note,
// the roles whose names are known only in part and may be it.
func TestUndeclaredNamesTheRolesItMayBe(t *testing.T) {
	m := &Model{}
	addon := &Role{Object: Object{Kind: KindRole, Addr: "infra:aws_iam_role.addon", Root: "infra", Label: "aws_iam_role.addon", Source: SourceTerraform,
		Name: Concat(Hole(HoleRef{Object: "infra:var.cluster_name"}), Known("-addon-role"))}}
	other := &Role{Object: Object{Kind: KindRole, Addr: "infra:aws_iam_role.dns", Root: "infra", Label: "aws_iam_role.dns", Source: SourceTerraform,
		Name: Concat(Hole(HoleRef{Object: "infra:var.cluster_name"}), Known("-dns"))}}
	m.Add(addon, other)
	id := m.ResolveRole(Known("arn:aws:iam::111122223333:role/prod-addon-role"), Scope{})
	if id.Entity != nil || len(id.Maybe) != 1 || id.Maybe[0] != addon {
		t.Fatalf("entity %v, may be %v; want only aws_iam_role.addon as may-be", id.Entity, id.Maybe)
	}
	want := "role arn:aws:iam::111122223333:role/prod-addon-role of ServiceAccount tools/addon may be aws_iam_role.addon (named ${var.cluster_name}-addon-role), whose name is not known statically: give the values it is built from (--var, --var-file) to decide"
	if got := id.Undeclared("role", "ServiceAccount tools/addon"); got != want {
		t.Errorf("note %q\nwant %q", got, want)
	}
	if got := m.ResolveRole(Known("arn:aws:iam::111122223333:role/unrelated"), Scope{}).Undeclared("role", "x"); !strings.Contains(got, "declared by nothing") {
		t.Errorf("note %q for a name no role may have", got)
	}
}

// An output of a module call is what that call's code declares: the roles
// of other modules whose names are known only in part are not what it may
// be, and the roles of that module are.
func TestModuleOutputMayBeOnlyItsModulesRoles(t *testing.T) {
	m := &Model{}
	cluster := &Role{Object: Object{Kind: KindRole, Addr: "infra:aws_iam_role.cluster", Root: "infra", Label: "aws_iam_role.cluster", Source: SourceTerraform,
		Name: Concat(Hole(HoleRef{Object: "infra:var.name"}), Known("-cluster"))}}
	inner := &Role{Object: Object{Kind: KindRole, Addr: "infra:module.csi.aws_iam_role.this[0]", Root: "infra", Label: "module.csi.aws_iam_role.this[0]", Source: SourceTerraform,
		Name: Concat(Hole(HoleRef{Object: "infra:module.csi.var.prefix"}), Known("-csi"))}}
	m.Add(cluster, inner)
	out := Hole(HoleRef{Object: "infra:module.csi", Path: "role_arn"})
	if id := m.ResolveRole(out, Scope{}); len(id.Maybe) != 1 || id.Maybe[0] != inner {
		t.Errorf("module.csi.role_arn may be %v, want module.csi's role only", id.Maybe)
	}
	other := Hole(HoleRef{Object: "infra:module.unread", Path: "role_arn"})
	if got := m.ResolveRole(other, Scope{}).Undeclared("role", "x"); !strings.Contains(got, "declared by nothing") {
		t.Errorf("note %q for an output of a module declaring no role", got)
	}
}

// A reference holding a placeholder nothing filled in says so, not that
// another repository may declare what it names.
func TestUndeclaredPlaceholder(t *testing.T) {
	m := &Model{}
	got := m.ResolveRole(Known("${SHOP_ROLE_ARN}"), Scope{}).Undeclared("role", "ServiceAccount shop/api")
	if want := "role ${SHOP_ROLE_ARN} of ServiceAccount shop/api holds a placeholder nothing in the tree fills in"; !strings.HasPrefix(got, want) {
		t.Errorf("got %q, want it to start %q", got, want)
	}
	if got := m.ResolveRole(Known("arn:aws:iam::111122223333:role/shop"), Scope{}).Undeclared("role", "x"); !strings.Contains(got, "declared by nothing") {
		t.Errorf("an ARN: %q", got)
	}
	// A role of the tree whose name is not known may be anything an
	// ARN names, but no --var fills a placeholder: the note says so.
	m.Add(&Role{Object: Object{Kind: KindRole, Addr: "infra:aws_iam_role.worker", Label: "aws_iam_role.worker",
		Name: Hole(HoleRef{Object: "infra:var.role_name"})}})
	id := m.ResolveRole(Known("<ROLE_ARN>"), Scope{})
	if len(id.Maybe) == 0 {
		t.Fatal("the role of unknown name should be a candidate")
	}
	if got := id.Undeclared("role", "x"); !strings.Contains(got, "holds a placeholder") || strings.Contains(got, "--var") {
		t.Errorf("a placeholder with a candidate role: %q", got)
	}
}

// A Crossplane selector several roles match resolves to none of them, and
// its note names them; one role it matches is that role.
func TestSelectorMatchingSeveralRoles(t *testing.T) {
	role := func(name, app string) *Role {
		return &Role{Object: Object{Kind: KindRole, Addr: "k8s:iam.aws.upbound.io/Role//" + name, Label: "Role " + name, Source: SourceCrossplane,
			Name: Known(name), Labels: map[string]string{"app": app}, Aliases: []string{KubeKey("iam.aws.upbound.io", "Role", "", name)}}}
	}
	m := &Model{}
	m.Add(role("reports-a", "reports"), role("reports-b", "reports"), role("billing", "billing"))
	sel := Hole(HoleRef{Object: SelectorKey("iam.aws.upbound.io", "Role", "", map[string]string{"app": "reports"})})
	id := m.ResolveRole(sel, Scope{})
	if id.Entity != nil || len(id.Alike) != 2 || !id.BySelector {
		t.Fatalf("entity %v, alike %v: want the two roles the selector matches", id.Entity, id.Alike)
	}
	want := "the role selector of PodIdentityAssociation reports matches 2 of this tree (Role reports-a, Role reports-b): which one Crossplane picks is not known"
	if got := id.Undeclared("role", "PodIdentityAssociation reports"); got != want {
		t.Errorf("note %q\nwant %q", got, want)
	}
	one := Hole(HoleRef{Object: SelectorKey("iam.aws.upbound.io", "Role", "", map[string]string{"app": "billing"})})
	if id := m.ResolveRole(one, Scope{}); id.Entity == nil || id.Entity.Base().Label != "Role billing" {
		t.Errorf("a selector one role matches resolves to %v", id.Entity)
	}
}

// A role ARN read whole from remote state this run does not join may be
// any role: the note says where it is read from, not which roles whose
// names are unknown it may be, nor that nothing declares it.
func TestUndeclaredRoleFromUnjoinedRemoteState(t *testing.T) {
	m := &Model{}
	named := &Role{Object: Object{Kind: KindRole, Addr: "eks:aws_iam_role.lb", Root: "eks", Label: "aws_iam_role.lb", Source: SourceTerraform, Name: Known("lb-controller")}}
	partly := &Role{Object: Object{Kind: KindRole, Addr: "eks:aws_iam_role.other", Root: "eks", Label: "aws_iam_role.other", Source: SourceTerraform,
		Name: Concat(Known("other-"), Hole(HoleRef{Object: "eks:var.suffix"}))}}
	m.Add(named, partly)
	arn := Hole(HoleRef{Object: "addons:data.terraform_remote_state.eks", Path: "outputs.role_arn"})
	got := m.ResolveRole(arn, Scope{}).Undeclared("role", "ServiceAccount kube-system/lb")
	want := "is an output of data.terraform_remote_state.eks, whose state this run does not read: which role it names is not known"
	if !strings.Contains(got, want) || strings.Contains(got, "declared by nothing") || strings.Contains(got, "--var") {
		t.Errorf("note %q\nwant one saying %q", got, want)
	}
}

// An ARN whose account is a blank in angle brackets, in prose or not,
// holds a placeholder: no --var decides which role it names.
func TestAccountInAngles(t *testing.T) {
	for arn, want := range map[string]bool{
		"arn:aws:iam::<AWS Account ID>:role/backup": true,
		"arn:aws:iam::<account-id>:role/backup":     true,
		"arn:aws:iam::111122223333:role/backup":     false,
		"arn:aws:iam::aws:policy/ReadOnlyAccess":    false,
	} {
		if got := accountInAngles(Known(arn)); got != want {
			t.Errorf("accountInAngles(%s) = %v, want %v", arn, got, want)
		}
	}
}
