package rules_test

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

func at(file string, line int) lint.Range {
	return lint.Range{File: file, Line: line, Column: 3, EndLine: line, EndColumn: 20}
}

func obj(kind lint.Kind, addr, label, name string, r lint.Range) lint.Object {
	return lint.Object{Kind: kind, Addr: addr, Label: label, Name: lint.Known(name), Range: r, NameRange: r, Source: lint.SourceTerraform}
}

const (
	ncFile = "k8s/nodeclass.yaml"
	tfFile = "infra/main.tf"
)

// base builds the current model: role "prod-nodes" (aws_iam_role.nodes) and
// an EC2NodeClass naming it in spec.role on line 6.
func base() *lint.Model {
	m := &lint.Model{}
	m.Add(
		&lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.nodes", "aws_iam_role.nodes", "prod-nodes", at(tfFile, 1))},
		&lint.NodeClass{
			Object:     lint.Object{Kind: lint.KindNodeClass, Addr: ncFile + "#0/EC2NodeClass/default", Label: "EC2NodeClass default", Name: lint.Known("default"), Range: at(ncFile, 2), NameRange: at(ncFile, 4), Source: lint.SourceKubernetes},
			APIVersion: "karpenter.k8s.aws/v1", KindName: "EC2NodeClass",
			Role: lint.Ref{Value: lint.Known("prod-nodes"), Range: at(ncFile, 6)},
		},
	)
	return m
}

func roleHole() lint.Value {
	return lint.Hole(lint.HoleRef{Object: "infra:aws_iam_role.nodes", Path: "arn"})
}

func deletedGroup(action lint.ChangeAction, addr string) *lint.Change {
	return &lint.Change{
		Action:  action,
		Address: addr,
		Origin:  "plan",
		Before: &lint.NodeGroup{
			Object:  obj(lint.KindNodeGroup, "infra:"+addr, addr, "system", lint.Range{}),
			Managed: true,
			Role:    lint.Ref{Value: lint.Known("arn:aws:iam::111122223333:role/prod-nodes")},
		},
	}
}

func managedGroup(addr string, line int) *lint.NodeGroup {
	return &lint.NodeGroup{
		Object:  obj(lint.KindNodeGroup, "infra:"+addr, addr, "other", at(tfFile, line)),
		Managed: true,
		Role:    lint.Ref{Value: roleHole(), Range: at(tfFile, line+1)},
	}
}

func run(m *lint.Model, r *lint.Rule) []lint.Finding {
	return lint.Run(lint.Input{Model: m}, []*lint.Rule{r}, lint.Options{}).Findings
}

type want struct {
	rule, file string
	line       int
	message    string
}

func expect(t *testing.T, got []lint.Finding, ws ...want) {
	t.Helper()
	if len(got) != len(ws) {
		for _, f := range got {
			t.Logf("got %s %s: %s", f.Rule, f.Range, f.Message)
		}
		t.Fatalf("got %d findings, want %d", len(got), len(ws))
	}
	for i, w := range ws {
		f := got[i]
		if f.Rule != w.rule || f.Range.File != w.file || f.Range.Line != w.line || f.Message != w.message {
			t.Errorf("finding %d:\n got  %s %s:%d %q\n want %s %s:%d %q", i, f.Rule, f.Range.File, f.Range.Line, f.Message, w.rule, w.file, w.line, w.message)
		}
		for _, l := range f.Related {
			if l.Range.IsZero() {
				t.Errorf("finding %d has a related location without a range: %q", i, l.Message)
			}
		}
		if f.Hint == "" || len(f.Chain) < 3 {
			t.Errorf("finding %d lacks hint or chain", i)
		}
		if !strings.Contains(strings.Join(f.Chain, " "), "hours after apply") {
			t.Errorf("finding %d chain does not say the effect can arrive hours after apply", i)
		}
	}
}

const fl301Msg = `managed node group aws_eks_node_group.system is deleted by the plan while Karpenter EC2NodeClass default still runs as its role "prod-nodes" (aws_iam_role.nodes); no other managed node group keeps the role's node access`

func TestFL301NodeGroupDeletedKarpenterUsesRole(t *testing.T) {
	m := base()
	m.AddChange(deletedGroup(lint.ActionDelete, "aws_eks_node_group.system"))
	got := run(m, rules.SharedRoleNodeGroupDeletion)
	expect(t, got, want{"FL301", ncFile, 6, fl301Msg})
	f := got[0]
	if f.Severity != lint.Error {
		t.Errorf("severity %v", f.Severity)
	}
	if !strings.Contains(f.Hint, "safe order: first give Karpenter EC2NodeClass default its own node role") || !strings.Contains(f.Hint, "then delete the node group") {
		t.Errorf("hint %q", f.Hint)
	}
	if !strings.Contains(strings.Join(f.Chain, "\n"), "Stytch, 23 February 2023") {
		t.Errorf("chain %q", f.Chain)
	}
	// The role's declaration is related; the deleted group has no range.
	if len(f.Related) != 1 || f.Related[0].Range != at(tfFile, 1) {
		t.Errorf("related %+v", f.Related)
	}
	if strings.Contains(f.Message+strings.Join(f.Chain, ""), "111122223333") {
		t.Error("plan value echoed")
	}
}

func TestFL301DeletedGroupWithRangeIsRelated(t *testing.T) {
	m := base()
	c := deletedGroup(lint.ActionReplace, "aws_eks_node_group.system")
	c.Range = at(tfFile, 40)
	m.AddChange(c)
	// The replacement is in the model, but it is destroyed first: it keeps
	// nothing.
	m.Add(managedGroup("aws_eks_node_group.system", 40))
	got := run(m, rules.SharedRoleNodeGroupDeletion)
	expect(t, got, want{"FL301", ncFile, 6, strings.Replace(fl301Msg, "is deleted by the plan", "is replaced (destroyed, then created anew) by the plan", 1)})
	if got[0].Related[0].Range != at(tfFile, 40) {
		t.Errorf("related %+v", got[0].Related)
	}
}

func TestFL301SelfManagedUser(t *testing.T) {
	m := &lint.Model{}
	m.Add(
		&lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.nodes", "aws_iam_role.nodes", "prod-nodes", at(tfFile, 1))},
		&lint.InstanceProfile{Object: obj(lint.KindInstanceProfile, "infra:aws_iam_instance_profile.nodes", "aws_iam_instance_profile.nodes", "prod-nodes-profile", at(tfFile, 10)),
			Role: lint.Ref{Value: lint.Hole(lint.HoleRef{Object: "infra:aws_iam_role.nodes", Path: "name"}), Range: at(tfFile, 11)}},
		&lint.NodeGroup{Object: obj(lint.KindNodeGroup, "infra:aws_autoscaling_group.self", "aws_autoscaling_group.self", "self", at(tfFile, 20)),
			InstanceProfile: lint.Ref{Value: lint.Hole(lint.HoleRef{Object: "infra:aws_iam_instance_profile.nodes", Path: "name"}), Range: at(tfFile, 21)}},
	)
	m.AddChange(deletedGroup(lint.ActionDelete, "aws_eks_node_group.system"))
	expect(t, run(m, rules.SharedRoleNodeGroupDeletion), want{"FL301", tfFile, 21,
		`managed node group aws_eks_node_group.system is deleted by the plan while self-managed node group aws_autoscaling_group.self still runs as its role "prod-nodes" (aws_iam_role.nodes); no other managed node group keeps the role's node access`})
}

func TestFL301SilentWhenAnotherManagedGroupKeepsRole(t *testing.T) {
	m := base()
	m.Add(managedGroup("aws_eks_node_group.apps", 30))
	m.AddChange(deletedGroup(lint.ActionDelete, "aws_eks_node_group.system"))
	expect(t, run(m, rules.SharedRoleNodeGroupDeletion))

	// ... unless that group is deleted too.
	m.AddChange(deletedGroup(lint.ActionReplace, "aws_eks_node_group.apps"))
	if got := run(m, rules.SharedRoleNodeGroupDeletion); len(got) != 2 {
		t.Fatalf("got %d findings, want 2 (both groups go)", len(got))
	}
}

func TestFL301SilentCreateBeforeDestroyAndForget(t *testing.T) {
	m := base()
	c := deletedGroup(lint.ActionReplace, "aws_eks_node_group.system")
	c.CreateBeforeDestroy = true
	m.AddChange(c)
	m.AddChange(deletedGroup(lint.ActionForget, "aws_eks_node_group.gone"))
	expect(t, run(m, rules.SharedRoleNodeGroupDeletion))
}

func TestFL301SilentOtherRoleOrSelfManaged(t *testing.T) {
	m := base()
	c := deletedGroup(lint.ActionDelete, "aws_eks_node_group.system")
	c.Before.(*lint.NodeGroup).Role.Value = lint.Known("arn:aws:iam::111122223333:role/other-nodes")
	m.AddChange(c)
	s := deletedGroup(lint.ActionDelete, "aws_autoscaling_group.self")
	s.Before.(*lint.NodeGroup).Managed = false
	m.AddChange(s)
	expect(t, run(m, rules.SharedRoleNodeGroupDeletion))
}

func awsNodeTemplate(m *lint.Model) {
	m.Add(&lint.NodeClass{
		Object:     lint.Object{Kind: lint.KindNodeClass, Addr: ncFile + "#1/AWSNodeTemplate/legacy", Label: "AWSNodeTemplate legacy", Name: lint.Known("legacy"), Range: at(ncFile, 12), NameRange: at(ncFile, 14), Source: lint.SourceKubernetes},
		APIVersion: "karpenter.k8s.aws/v1alpha1", KindName: "AWSNodeTemplate",
		InstanceProfile: lint.Ref{Value: lint.Known("prod-nodes-profile"), Range: at(ncFile, 16)},
	})
}

func deletedProfile(action lint.ChangeAction) *lint.Change {
	return &lint.Change{Action: action, Address: "aws_iam_instance_profile.nodes", Origin: "plan",
		Before: &lint.InstanceProfile{Object: obj(lint.KindInstanceProfile, "infra:aws_iam_instance_profile.nodes", "aws_iam_instance_profile.nodes", "prod-nodes-profile", lint.Range{})}}
}

func TestFL303InstanceProfileDeleted(t *testing.T) {
	m := &lint.Model{}
	awsNodeTemplate(m)
	m.AddChange(deletedProfile(lint.ActionDelete))
	got := run(m, rules.InUseIdentityDeletion)
	expect(t, got, want{"FL303", ncFile, 16, "instance profile aws_iam_instance_profile.nodes is deleted by the plan while Karpenter AWSNodeTemplate legacy still uses it"})
	chain := strings.Join(got[0].Chain, "\n")
	if !strings.Contains(chain, `"instance profile not found"`) || !strings.Contains(chain, "lose their credentials later") {
		t.Errorf("chain %q", chain)
	}
	// forget deletes nothing.
	m.Changes = nil
	m.AddChange(deletedProfile(lint.ActionForget))
	expect(t, run(m, rules.InUseIdentityDeletion))
}

// TestFL303RoleReplaced: a role replaced under its name is FL305's finding
// (its access entries bind to the old unique ID); FL303 stays quiet so the
// chain is reported once.
func TestFL303RoleReplaced(t *testing.T) {
	m := base() // the replacement role is in the model at the same address
	m.AddChange(&lint.Change{Action: lint.ActionReplace, Address: "aws_iam_role.nodes", Origin: "plan", Range: at(tfFile, 1),
		Before: &lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.nodes", "aws_iam_role.nodes", "prod-nodes", at(tfFile, 1))}})
	expect(t, run(m, rules.InUseIdentityDeletion))
}

func TestFL303RoleDeletedUsedByManagedGroupReference(t *testing.T) {
	m := &lint.Model{}
	m.Add(managedGroup("aws_eks_node_group.apps", 30))
	m.AddChange(&lint.Change{Action: lint.ActionDelete, Address: "aws_iam_role.nodes", Origin: "plan",
		Before: &lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.nodes", "aws_iam_role.nodes", "prod-nodes", lint.Range{})}})
	expect(t, run(m, rules.InUseIdentityDeletion), want{"FL303", tfFile, 31, "IAM role aws_iam_role.nodes is deleted by the plan while managed node group aws_eks_node_group.apps still uses it"})
}

func deletedGroupSG(action lint.ChangeAction) *lint.Change {
	return &lint.Change{Action: action, Address: "aws_security_group.nodes", Origin: "plan",
		Before: &lint.SecurityGroup{Object: obj(lint.KindSecurityGroup, "infra:aws_security_group.nodes", "aws_security_group.nodes", "prod-nodes-sg", lint.Range{}),
			ID: lint.Known("sg-0123"), Tags: map[string]lint.Value{"karpenter.sh/discovery": lint.Known("prod")}}}
}

func TestFL303SecurityGroupDeleted(t *testing.T) {
	m := &lint.Model{}
	m.Add(
		&lint.NodeClass{
			Object:     lint.Object{Kind: lint.KindNodeClass, Addr: ncFile + "#0/EC2NodeClass/default", Label: "EC2NodeClass default", Name: lint.Known("default"), Range: at(ncFile, 2), NameRange: at(ncFile, 4), Source: lint.SourceKubernetes},
			APIVersion: "karpenter.k8s.aws/v1", KindName: "EC2NodeClass",
			SecurityGroupTerms: []lint.SelectorTerm{{Tags: map[string]lint.Value{"karpenter.sh/discovery": lint.Known("prod")}, Range: at(ncFile, 8),
				FieldRanges: map[string]lint.Range{"tags.karpenter.sh/discovery": at(ncFile, 9)}}},
		},
		&lint.NodeGroup{Object: obj(lint.KindNodeGroup, "infra:aws_autoscaling_group.self", "aws_autoscaling_group.self", "self", at(tfFile, 20)),
			SecurityGroups: []lint.Ref{{Value: lint.Known("sg-0123"), Range: at(tfFile, 22)}, {Value: lint.Known("sg-9999"), Range: at(tfFile, 23)}}},
	)
	m.AddChange(deletedGroupSG(lint.ActionDelete))
	expect(t, run(m, rules.InUseIdentityDeletion),
		want{"FL303", tfFile, 22, "security group aws_security_group.nodes is deleted by the plan while self-managed node group aws_autoscaling_group.self still uses it"},
		want{"FL303", ncFile, 9, "security group aws_security_group.nodes is deleted by the plan while Karpenter EC2NodeClass default still uses it"},
	)
}

func TestFL303SilentWhenUnused(t *testing.T) {
	m := base()
	awsNodeTemplate(m)
	m.AddChange(&lint.Change{Action: lint.ActionDelete, Address: "aws_iam_role.old", Origin: "plan",
		Before: &lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.old", "aws_iam_role.old", "old-nodes", lint.Range{})}})
	m.AddChange(&lint.Change{Action: lint.ActionDelete, Address: "aws_iam_instance_profile.old", Origin: "plan",
		Before: &lint.InstanceProfile{Object: obj(lint.KindInstanceProfile, "infra:aws_iam_instance_profile.old", "aws_iam_instance_profile.old", "old-profile", lint.Range{})}})
	m.AddChange(deletedGroupSG(lint.ActionDelete)) // nobody selects it here
	m.AddChange(&lint.Change{Action: lint.ActionForget, Address: "aws_iam_role.nodes", Origin: "plan",
		Before: &lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.nodes", "aws_iam_role.nodes", "prod-nodes", lint.Range{})}})
	expect(t, run(m, rules.InUseIdentityDeletion))
	expect(t, run(m, rules.SharedRoleNodeGroupDeletion))
}

func TestDeletionRulesValidate(t *testing.T) {
	if err := lint.Validate([]*lint.Rule{rules.SharedRoleNodeGroupDeletion, rules.InUseIdentityDeletion}); err != nil {
		t.Fatal(err)
	}
}
