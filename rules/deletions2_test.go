package rules_test

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/rules"
)

const xpFile = "xp/nodegroup.yaml"

// expect2 checks findings like expect, with severities, and without
// requiring a chain that mentions hours (a plain orphan warning has none).
func expect2(t *testing.T, got []lint.Finding, ws ...want2) {
	t.Helper()
	if len(got) != len(ws) {
		for _, f := range got {
			t.Logf("got %s %s %s: %s", f.Rule, f.Severity, f.Range, f.Message)
		}
		t.Fatalf("got %d findings, want %d", len(got), len(ws))
	}
	for i, w := range ws {
		f := got[i]
		if f.Rule != w.rule || f.Range.File != w.file || f.Range.Line != w.line || f.Message != w.message || f.Severity != w.sev {
			t.Errorf("finding %d:\n got  %s %s %s:%d %q\n want %s %s %s:%d %q", i, f.Rule, f.Severity, f.Range.File, f.Range.Line, f.Message, w.rule, w.sev, w.file, w.line, w.message)
		}
		for _, l := range f.Related {
			if l.Range.IsZero() {
				t.Errorf("finding %d has a related location without a range: %q", i, l.Message)
			}
		}
		if f.Hint == "" || len(f.Chain) < 3 {
			t.Errorf("finding %d lacks hint or chain", i)
		}
		if strings.Contains(f.Message+strings.Join(f.Chain, "")+f.Hint, "111122223333") {
			t.Errorf("finding %d echoes a plan value", i)
		}
	}
}

type want2 struct {
	rule    string
	sev     lint.Severity
	file    string
	line    int
	message string
}

func xpNodeGroup(policy string, role lint.Value) *lint.NodeGroup {
	return &lint.NodeGroup{
		Object: lint.Object{Kind: lint.KindNodeGroup, Addr: xpFile + "#0/NodeGroup/system", Label: "NodeGroup system", Name: lint.Known("system"),
			Range: at(xpFile, 2), NameRange: at(xpFile, 4), Source: lint.SourceCrossplane,
			Crossplane: &lint.Crossplane{APIVersion: "eks.aws.upbound.io/v1beta1", Kind: "NodeGroup", Name: "system", DeletionPolicy: policy}},
		Managed: true,
		Role:    lint.Ref{Value: role, Range: at(xpFile, 8)},
	}
}

func removedXP(e lint.Entity) *lint.Change {
	return &lint.Change{Action: lint.ActionDelete, Address: e.Base().Label, Origin: "base", Before: e}
}

const fl302Msg = `Crossplane NodeGroup system (deletionPolicy: Orphan) is removed since the base revision while Karpenter EC2NodeClass default still depends on it: the cloud resource lives on, unmanaged, until someone deletes it by hand`

func TestFL302OrphanedNodeGroupRoleStillUsed(t *testing.T) {
	m := base()
	m.AddChange(removedXP(xpNodeGroup("Orphan", lint.Known("arn:aws:iam::111122223333:role/prod-nodes"))))
	got := run(m, rules.OrphanedDeletion)
	expect2(t, got, want2{"FL302", lint.Error, ncFile, 6, fl302Msg})
	expect(t, got, want{"FL302", ncFile, 6, fl302Msg})
	f := got[0]
	if len(f.Related) != 1 || f.Related[0].Range != at(xpFile, 2) {
		t.Errorf("related %+v", f.Related)
	}
	if !strings.Contains(strings.Join(f.Chain, "\n"), "engineers deleted the node groups in the AWS console") {
		t.Errorf("chain %q", f.Chain)
	}
	if !strings.Contains(f.Hint, "safe order: first move Karpenter EC2NodeClass default") || !strings.Contains(f.Hint, "set deletionPolicy: Delete") {
		t.Errorf("hint %q", f.Hint)
	}
}

func TestFL302OrphanedWithoutDependentsIsWarning(t *testing.T) {
	m := base()
	ng := xpNodeGroup("", lint.Known("arn:aws:iam::111122223333:role/other-nodes"))
	ng.Crossplane.ManagementPolicies = []string{"Observe", "Create", "Update"}
	m.AddChange(removedXP(ng))
	expect2(t, run(m, rules.OrphanedDeletion), want2{"FL302", lint.Warning, xpFile, 2,
		"Crossplane NodeGroup system (managementPolicies without Delete) is removed since the base revision: the cloud resource lives on, unmanaged"})
}

func TestFL302Silent(t *testing.T) {
	// Delete policy: FL301/FL303 judge it.
	m := base()
	m.AddChange(removedXP(xpNodeGroup("Delete", lint.Known("prod-nodes"))))
	expect2(t, run(m, rules.OrphanedDeletion))

	// Moved, not removed: the current model still declares it.
	m = base()
	m.Add(xpNodeGroup("Orphan", lint.Known("prod-nodes")))
	moved := xpNodeGroup("Orphan", lint.Known("prod-nodes"))
	moved.Addr = "xp/old.yaml#0/NodeGroup/system"
	m.AddChange(removedXP(moved))
	expect2(t, run(m, rules.OrphanedDeletion))

	// Forget deletes nothing; non-Crossplane objects are not FL302's.
	m = base()
	c := removedXP(xpNodeGroup("Orphan", lint.Known("prod-nodes")))
	c.Action = lint.ActionForget
	m.AddChange(c)
	m.AddChange(deletedGroup(lint.ActionDelete, "aws_eks_node_group.system"))
	expect2(t, run(m, rules.OrphanedDeletion))
}

func irsaRole(federated lint.Value) *lint.Role {
	r := &lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.karpenter", "aws_iam_role.karpenter", "karpenter", at(tfFile, 50))}
	r.Trust = lint.Trust{Known: true, Range: at(tfFile, 51), Statements: []lint.TrustStatement{{
		Effect: "Allow", Actions: []string{"sts:AssumeRoleWithWebIdentity"}, Federated: []lint.Value{federated}, Range: at(tfFile, 52),
	}}}
	return r
}

func oidcChange(action lint.ChangeAction, addr string) *lint.Change {
	return &lint.Change{Action: action, Address: addr, Origin: "plan"}
}

func TestFL304ProviderDeletedWhileTrusted(t *testing.T) {
	m := &lint.Model{}
	m.Add(irsaRole(lint.Hole(lint.HoleRef{Object: "infra:aws_iam_openid_connect_provider.eks", Path: "arn"})))
	c := oidcChange(lint.ActionDelete, "aws_iam_openid_connect_provider.eks")
	c.Range = at(tfFile, 70)
	m.AddChange(c)
	got := run(m, rules.OIDCProviderDeletion)
	expect(t, got, want{"FL304", tfFile, 52, "OIDC provider aws_iam_openid_connect_provider.eks is deleted by the plan while IAM role aws_iam_role.karpenter still trusts it (IRSA)"})
	if got[0].Severity != lint.Error || len(got[0].Related) != 1 || got[0].Related[0].Range != at(tfFile, 70) {
		t.Errorf("severity %v related %+v", got[0].Severity, got[0].Related)
	}
	if !strings.Contains(got[0].Hint, "safe order: first point the trust of aws_iam_role.karpenter") {
		t.Errorf("hint %q", got[0].Hint)
	}
}

func TestFL304ThroughModuleOutputIsInferred(t *testing.T) {
	m := &lint.Model{}
	m.Add(irsaRole(lint.Hole(lint.HoleRef{Object: "infra:module.eks", Path: "oidc_provider_arn"})))
	m.AddChange(oidcChange(lint.ActionReplace, "module.eks.aws_iam_openid_connect_provider.oidc_provider[0]"))
	expect2(t, run(m, rules.OIDCProviderDeletion), want2{"FL304", lint.Warning, tfFile, 52,
		"OIDC provider module.eks.aws_iam_openid_connect_provider.oidc_provider[0] is replaced (destroyed, then created anew) by the plan while IAM role aws_iam_role.karpenter still trusts it (IRSA)"})
}

func TestFL304Silent(t *testing.T) {
	m := &lint.Model{}
	m.Add(irsaRole(lint.Hole(lint.HoleRef{Object: "infra:aws_iam_openid_connect_provider.eks", Path: "arn"})))
	cbd := oidcChange(lint.ActionReplace, "aws_iam_openid_connect_provider.eks")
	cbd.CreateBeforeDestroy = true
	m.AddChange(cbd)
	m.AddChange(oidcChange(lint.ActionForget, "aws_iam_openid_connect_provider.eks"))
	m.AddChange(oidcChange(lint.ActionDelete, "aws_iam_openid_connect_provider.other"))
	m.AddChange(oidcChange(lint.ActionDelete, "aws_iam_role.eks"))
	// A module output that is not the provider's.
	m.Add(irsaRole(lint.Hole(lint.HoleRef{Object: "infra:module.eks", Path: "cluster_arn"})))
	m.AddChange(oidcChange(lint.ActionDelete, "module.eks.aws_iam_openid_connect_provider.oidc_provider[0]"))
	expect2(t, run(m, rules.OIDCProviderDeletion))
}

func TestFL305RoleReplacedUnderSameName(t *testing.T) {
	m := base()
	m.AddChange(&lint.Change{Action: lint.ActionReplace, Address: "aws_iam_role.nodes", Origin: "plan", Range: at(tfFile, 1),
		Before: &lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.nodes", "aws_iam_role.nodes", "prod-nodes", at(tfFile, 1))}})
	got := run(m, rules.NodeAccessRemoval)
	expect(t, got, want{"FL305", ncFile, 6, `IAM role aws_iam_role.nodes is replaced (destroyed, then created anew) by the plan under the same name "prod-nodes" while Karpenter EC2NodeClass default still runs as it: access entries bind to the role's unique ID, so the node access silently stops matching`})
	if got[0].Severity != lint.Error || got[0].Related[0].Range != at(tfFile, 1) {
		t.Errorf("severity %v related %+v", got[0].Severity, got[0].Related)
	}
}

func awsAuth(addr string) *lint.KubeObject {
	return &lint.KubeObject{Object: lint.Object{Kind: lint.KindObject, Addr: addr, Label: "ConfigMap aws-auth", Name: lint.Known("aws-auth"), Range: at("k8s/aws-auth.yaml", 2), Source: lint.SourceKubernetes},
		APIVersion: "v1", KindName: "ConfigMap", Namespace: lint.Known("kube-system")}
}

func TestFL305AWSAuthDeleted(t *testing.T) {
	m := base()
	m.Add(managedGroup("aws_eks_node_group.apps", 30)) // EKS maps managed groups itself
	m.AddChange(&lint.Change{Action: lint.ActionDelete, Address: "k8s/aws-auth.yaml#0/ConfigMap/aws-auth", Origin: "base", Before: awsAuth("k8s/aws-auth.yaml#0/ConfigMap/aws-auth")})
	got := run(m, rules.NodeAccessRemoval)
	expect2(t, got, want2{"FL305", lint.Warning, ncFile, 6, `aws-auth ConfigMap is removed since the base revision while Karpenter EC2NodeClass default still runs as role "prod-nodes" (aws_iam_role.nodes), which it is taken to map`})
	if len(got[0].Related) != 1 || got[0].Related[0].Range != at("k8s/aws-auth.yaml", 2) {
		t.Errorf("related %+v", got[0].Related)
	}
}

func TestFL305Silent(t *testing.T) {
	// The aws-auth ConfigMap is still declared (moved).
	m := base()
	m.Add(awsAuth("k8s/auth/aws-auth.yaml#0/ConfigMap/aws-auth"))
	m.AddChange(&lint.Change{Action: lint.ActionDelete, Address: "k8s/aws-auth.yaml#0/ConfigMap/aws-auth", Origin: "base", Before: awsAuth("k8s/aws-auth.yaml#0/ConfigMap/aws-auth")})
	// A role replaced under a new name, and one nobody uses.
	m.AddChange(&lint.Change{Action: lint.ActionReplace, Address: "aws_iam_role.old", Origin: "plan",
		Before: &lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.old", "aws_iam_role.old", "old-nodes", lint.Range{})}})
	m.AddChange(&lint.Change{Action: lint.ActionDelete, Address: "aws_iam_role.nodes", Origin: "plan",
		Before: &lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.nodes", "aws_iam_role.nodes", "prod-nodes", lint.Range{})}})
	expect2(t, run(m, rules.NodeAccessRemoval))
}

func xpRole(policy string) *lint.Role {
	return &lint.Role{Object: lint.Object{Kind: lint.KindRole, Addr: "xp/role.yaml#0/Role/nodes", Label: "Role nodes", Name: lint.Known("prod-nodes"),
		Range: at("xp/role.yaml", 2), NameRange: at("xp/role.yaml", 4), Source: lint.SourceCrossplane,
		Aliases:    []string{lint.KubeKey("iam.aws.upbound.io", "Role", "", "nodes")},
		Crossplane: &lint.Crossplane{APIVersion: "iam.aws.upbound.io/v1beta1", Kind: "Role", Name: "nodes", DeletionPolicy: policy}}}
}

func TestFL306SplitLifecycle(t *testing.T) {
	ref := lint.Hole(lint.HoleRef{Object: lint.KubeKey("iam.aws.upbound.io", "Role", "", "nodes"), Path: "arn"})
	m := &lint.Model{}
	m.Add(xpRole("Delete"), xpNodeGroup("Orphan", ref))
	got := run(m, rules.SplitLifecycle)
	expect2(t, got, want2{"FL306", lint.Warning, xpFile, 8,
		"Crossplane NodeGroup system (deletionPolicy: Orphan) runs as Crossplane Role nodes (deletionPolicy: Delete): removed together, the role is deleted and the nodes are left behind without it"})
	if len(got[0].Related) != 1 || got[0].Related[0].Range != at("xp/role.yaml", 4) {
		t.Errorf("related %+v", got[0].Related)
	}

	m = &lint.Model{}
	m.Add(xpRole("Orphan"), xpNodeGroup("Delete", ref))
	expect2(t, run(m, rules.SplitLifecycle), want2{"FL306", lint.Warning, xpFile, 8,
		"Crossplane NodeGroup system (deletionPolicy: Delete) runs as Crossplane Role nodes (deletionPolicy: Orphan): removed together, the nodes are deleted and the role is left behind, unmanaged"})

	// Same lifecycle, or a role outside Crossplane: silent.
	m = &lint.Model{}
	m.Add(xpRole("Orphan"), xpNodeGroup("Orphan", ref))
	expect2(t, run(m, rules.SplitLifecycle))
	m = base()
	m.Add(xpNodeGroup("Orphan", lint.Known("prod-nodes")))
	expect2(t, run(m, rules.SplitLifecycle))
}

func TestDeletionRules2Validate(t *testing.T) {
	if err := lint.Validate([]*lint.Rule{rules.OrphanedDeletion, rules.OIDCProviderDeletion, rules.NodeAccessRemoval, rules.SplitLifecycle}); err != nil {
		t.Fatal(err)
	}
}

func cluster(name, mode string, line int) *lint.Cluster {
	c := &lint.Cluster{Object: obj(lint.KindCluster, "infra:aws_eks_cluster."+name, "aws_eks_cluster."+name, name, at(tfFile, line)), AuthenticationMode: lint.Unknown(), ModeRange: at(tfFile, line+1)}
	if mode != "" {
		c.AuthenticationMode = lint.Known(mode)
	}
	return c
}

func TestFL301NamesTheNodeAccessOfTheMode(t *testing.T) {
	for mode, access := range map[string]string{
		lint.AuthConfigMap:       "EKS removes the role's aws-auth mapRoles entry (the cluster authenticates in CONFIG_MAP mode)",
		lint.AuthAPI:             "EKS removes the role's access entry (the cluster authenticates in API mode)",
		lint.AuthAPIAndConfigMap: "EKS removes the role's access entry and the aws-auth mapRoles entry it added (API_AND_CONFIG_MAP mode)",
		"":                       "EKS removes the role's node access (aws-auth mapRoles entry or access entry, by the cluster's authentication mode)",
	} {
		m := base()
		m.Add(cluster("prod", mode, 40))
		m.AddChange(deletedGroup(lint.ActionDelete, "aws_eks_node_group.system"))
		got := run(m, rules.SharedRoleNodeGroupDeletion)
		if len(got) != 1 {
			t.Fatalf("mode %q: %d findings", mode, len(got))
		}
		if !strings.Contains(strings.Join(got[0].Chain, "\n"), access) {
			t.Errorf("mode %q: chain %q does not say %q", mode, got[0].Chain, access)
		}
		hasMode := false
		for _, l := range got[0].Related {
			hasMode = hasMode || l.Range == at(tfFile, 41)
		}
		if hasMode != (mode != "") {
			t.Errorf("mode %q: related %+v; the mode's line should be related exactly when it is known", mode, got[0].Related)
		}
	}
}

func mapping(cm, principal string, v lint.Value) *lint.AccessEntry {
	return lint.NewAWSAuthMapping(lint.Object{Addr: cm, Label: cm, Source: lint.SourceTerraform}, v, []string{"system:nodes"}, at(tfFile, 60), lint.Unknown())
}

func TestFL305MappingRemovedByMode(t *testing.T) {
	removed := func(m *lint.Model) {
		m.AddChange(&lint.Change{Action: lint.ActionDelete, Address: "kubernetes_config_map_v1_data.aws_auth mapRoles[0]", Origin: "plan", Range: at(tfFile, 60),
			Before: mapping("plan:kubernetes_config_map_v1_data.aws_auth", "", lint.Known("arn:aws:iam::111122223333:role/prod-nodes"))})
	}
	msg := `aws-auth mapRoles entry for role "prod-nodes" (aws_iam_role.nodes) is removed by the plan while Karpenter EC2NodeClass default still runs as the role`
	for _, mode := range []string{lint.AuthConfigMap, lint.AuthAPIAndConfigMap, ""} {
		m := base()
		if mode != "" {
			m.Add(cluster("prod", mode, 40))
		}
		removed(m)
		expect2(t, run(m, rules.NodeAccessRemoval), want2{"FL305", lint.Error, ncFile, 6, msg})
	}
	// API mode does not read aws-auth; an access entry or another mapping
	// still grants the role.
	m := base()
	m.Add(cluster("prod", lint.AuthAPI, 40))
	removed(m)
	expect2(t, run(m, rules.NodeAccessRemoval))
	m = base()
	m.Add(&lint.AccessEntry{Object: obj(lint.KindAccessEntry, "infra:aws_eks_access_entry.nodes", "aws_eks_access_entry.nodes", "", at(tfFile, 70)),
		Cluster: lint.Known("prod"), Principal: lint.Ref{Value: roleHole()}, Type: "EC2_LINUX"})
	removed(m)
	expect2(t, run(m, rules.NodeAccessRemoval))
	m = base()
	m.Add(mapping("k8s/aws-auth.yaml#0/ConfigMap/kube-system/aws-auth", "", roleHole()))
	removed(m)
	expect2(t, run(m, rules.NodeAccessRemoval))
	// ... unless that other mapping is in a cluster in API mode.
	m = base()
	m.Add(cluster("prod", lint.AuthAPIAndConfigMap, 40), mapping("k8s/aws-auth.yaml#0/ConfigMap/kube-system/aws-auth", "", roleHole()))
	removed(m)
	expect2(t, run(m, rules.NodeAccessRemoval))
}

func TestFL305ManagedNodeGroupsByMode(t *testing.T) {
	for mode, want := range map[string]int{lint.AuthConfigMap: 2, lint.AuthAPIAndConfigMap: 1, "": 2} {
		m := base()
		m.Add(managedGroup("aws_eks_node_group.apps", 30))
		if mode != "" {
			m.Add(cluster("prod", mode, 40))
		}
		m.AddChange(&lint.Change{Action: lint.ActionDelete, Address: "kubernetes_config_map_v1_data.aws_auth mapRoles[0]", Origin: "plan",
			Before: mapping("plan:kubernetes_config_map_v1_data.aws_auth", "", lint.Known("arn:aws:iam::111122223333:role/prod-nodes"))})
		got := run(m, rules.NodeAccessRemoval)
		if len(got) != want {
			t.Errorf("mode %q: %d findings, want %d", mode, len(got), want)
		}
		for _, f := range got {
			if f.Range.File == tfFile && mode == "" && f.Severity != lint.Warning {
				t.Errorf("mode unknown: the managed node group's finding is %v, want a warning (inferred)", f.Severity)
			}
		}
	}
}

// TestFL304DecidesOnParsedAddresses: the deleted object is an OIDC
// provider by its parsed type, and a module output counts as its ARN by
// the output's parsed name and the module call the provider lies in: a
// resource whose name merely contains the type, a data source, an output
// whose name only contains the words, a module call whose name starts
// like the provider's, and a module of another root are not the deleted
// provider's; a reference to a keyless module call covers its instances.
func TestFL304DecidesOnParsedAddresses(t *testing.T) {
	outputOf := func(object, path string) *lint.Role {
		return irsaRole(lint.Hole(lint.HoleRef{Object: object, Path: path}))
	}
	withBefore := func(addr string) *lint.Change {
		c := oidcChange(lint.ActionDelete, addr[len("infra:"):])
		c.Before = &lint.Role{Object: obj(lint.KindRole, addr, addr[len("infra:"):], "x", at(tfFile, 70))}
		return c
	}
	for name, tc := range map[string]struct {
		role   *lint.Role
		change *lint.Change
		want   bool
	}{
		"provider in a keyed module, keyless reference": {outputOf("infra:module.eks", "oidc_provider_arn"), oidcChange(lint.ActionDelete, "module.eks[0].aws_iam_openid_connect_provider.oidc_provider[0]"), true},
		"output named by its words":                     {outputOf("infra:module.eks", "eks_oidc_provider_arn"), oidcChange(lint.ActionDelete, "module.eks.aws_iam_openid_connect_provider.this"), true},
		"type only contained in the name":               {outputOf("infra:aws_iam_openid_connect_provider.eks", "arn"), oidcChange(lint.ActionDelete, "aws_iam_openid_connect_provider_x.eks"), false},
		"a data source is not deleted":                  {outputOf("infra:data.aws_iam_openid_connect_provider.eks", "arn"), oidcChange(lint.ActionDelete, "data.aws_iam_openid_connect_provider.eks"), false},
		"output whose words only contain the phrase":    {outputOf("infra:module.eks", "not_oidc_providers_arn"), oidcChange(lint.ActionDelete, "module.eks.aws_iam_openid_connect_provider.this"), false},
		"module call with a longer name":                {outputOf("infra:module.eks", "oidc_provider_arn"), oidcChange(lint.ActionDelete, "module.eks_blue.aws_iam_openid_connect_provider.this"), false},
		"module call of another root":                   {outputOf("other:module.eks", "oidc_provider_arn"), withBefore("infra:module.eks.aws_iam_openid_connect_provider.this"), false},
		"module call of the same root":                  {outputOf("infra:module.eks", "oidc_provider_arn"), withBefore("infra:module.eks.aws_iam_openid_connect_provider.this"), true},
	} {
		t.Run(name, func(t *testing.T) {
			m := &lint.Model{}
			m.Add(tc.role)
			m.AddChange(tc.change)
			if got := run(m, rules.OIDCProviderDeletion); (len(got) == 1) != tc.want || len(got) > 1 {
				t.Errorf("%d findings, want a finding: %v: %+v", len(got), tc.want, got)
			}
		})
	}
}
