package kube

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// parseEksctl parses a ClusterConfig and indexes its entities by the part
// of their address after the ClusterConfig's ("" for the cluster).
func parseEksctl(t *testing.T, src string, scope lint.Scope) (map[string]lint.Entity, []lint.Diagnostic) {
	t.Helper()
	es, diags := ParseFile("eksctl/cluster.yaml", []byte(src), scope)
	out := map[string]lint.Entity{}
	for _, e := range es {
		_, part, _ := strings.Cut(e.Base().Addr, "/ClusterConfig/")
		_, part, _ = strings.Cut(part, "#")
		if _, dup := out[part]; dup {
			t.Fatalf("two entities at %q", part)
		}
		out[part] = e
	}
	return out, diags
}

func at(t *testing.T, what string, r lint.Range, line, col int) {
	t.Helper()
	if r.File != "eksctl/cluster.yaml" || r.Line != line || r.Column != col {
		t.Errorf("%s at %s, want eksctl/cluster.yaml:%d:%d", what, r, line, col)
	}
}

const eksctlNodes = `apiVersion: eksctl.io/v1alpha5
kind: ClusterConfig
metadata:
  name: orders
  region: sa-east-1
accessConfig:
  authenticationMode: API
managedNodeGroups:
  - name: shared
    iam:
      instanceRoleARN: arn:aws:iam::101010101010:role/orders-karpenter-nodes
    securityGroups:
      attachIDs: ["sg-0aa", sg-0bb]
  - name: own
nodeGroups:
  - name: named
    iam:
      instanceRoleName: orders-named-nodes
  - name: profiled
    iam:
      instanceProfileARN: arn:aws:iam::101010101010:instance-profile/orders-legacy
      instanceRoleARN: arn:aws:iam::101010101010:role/orders-legacy
`

func TestClusterConfigNodeGroups(t *testing.T) {
	es, diags := parseEksctl(t, eksctlNodes, lint.Scope{Account: "101010101010", Cluster: "configured"})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	cl := es[""].(*lint.Cluster)
	if mode, _ := cl.AuthenticationMode.Str(); mode != lint.AuthAPI {
		t.Errorf("mode %q, want API", mode)
	}
	at(t, "mode", cl.ModeRange, 7, 23)
	// The document's name and region win over the configured scope.
	if want := (lint.Scope{Account: "101010101010", Region: "sa-east-1", Cluster: "orders"}); cl.Scope != want {
		t.Errorf("scope %+v, want %+v", cl.Scope, want)
	}

	shared := es["managedNodeGroups/shared"].(*lint.NodeGroup)
	if arn, _ := shared.Role.Value.Str(); !shared.Managed || arn != "arn:aws:iam::101010101010:role/orders-karpenter-nodes" {
		t.Errorf("shared: managed %v, role %s", shared.Managed, shared.Role.Value)
	}
	at(t, "shared role", shared.Role.Range, 11, 24)
	at(t, "shared name", shared.NameRange, 9, 11)
	if c, _ := shared.Cluster.Str(); c != "orders" {
		t.Errorf("cluster %q", c)
	}
	// eksctl's launch template holds the cluster security group first,
	// then attachIDs.
	if len(shared.SecurityGroups) != 3 || shared.SecurityGroups[2].Value.String() != "sg-0bb" {
		t.Errorf("security groups %+v", shared.SecurityGroups)
	}
	at(t, "second attached security group", shared.SecurityGroups[2].Range, 13, 29)

	m := &lint.Model{}
	for _, e := range es {
		m.Add(e)
	}
	csg := es["cluster-security-group"].(*lint.SecurityGroup)
	if csg.ClusterOf != cl.Addr || csg.Tags["aws:eks:cluster-name"].String() != "orders" || csg.Tags["kubernetes.io/cluster/orders"].String() != "owned" {
		t.Errorf("cluster security group %+v", csg)
	}
	for _, g := range []string{"managedNodeGroups/shared", "managedNodeGroups/own"} {
		ng := es[g].(*lint.NodeGroup)
		if len(ng.SecurityGroups) == 0 || m.ResolveSecurityGroup(ng.SecurityGroups[0].Value, ng.Scope).Entity != csg {
			t.Errorf("%s: first security group %+v is not the cluster security group", g, ng.SecurityGroups)
		}
	}
	// Self-managed groups get eksctl's shared node group, not EKS's.
	if named := es["nodeGroups/named"].(*lint.NodeGroup); len(named.SecurityGroups) != 0 {
		t.Errorf("self-managed group carries %+v", named.SecurityGroups)
	}
	// A group without a role gets one eksctl creates for it alone.
	own := es["managedNodeGroups/own"].(*lint.NodeGroup)
	role := m.ResolveRole(own.Role.Value, own.Scope)
	if role.Entity != es["managedNodeGroups/own/role"] || role.Entity == nil {
		t.Fatalf("own group's role resolves to %v", role.Entity)
	}
	if lint.Compare(role.Name, lint.Known("orders-karpenter-nodes")) != lint.No {
		t.Errorf("a generated role name %s may equal another role's name", role.Name)
	}
	// Nor the role eksctl's karpenter block makes, for all its prefix.
	if lint.Compare(role.Name, lint.Known("eksctl-KarpenterNodeRole-orders")) != lint.No {
		t.Errorf("generated role name %s may be the Karpenter node role", role.Name)
	}
	if lint.Compare(role.Name, lint.Known("eksctl-orders-nodegroup-own-NodeInstanceRole-1X2Y3Z")) != lint.Maybe {
		t.Errorf("a generated role name %s cannot be what CloudFormation generates", role.Name)
	}

	// Self-managed: a profile eksctl creates, holding the named role.
	named := es["nodeGroups/named"].(*lint.NodeGroup)
	p := m.ResolveInstanceProfile(named.InstanceProfile.Value, named.Scope)
	r, ip, ok := m.RoleOfProfile(p)
	if !ok || ip != es["nodeGroups/named/instance-profile"] || r.Name.String() != "orders-named-nodes" {
		t.Fatalf("named group's profile %v holds %v", p.Entity, r.Name)
	}
	at(t, "named role", r.Entity.Base().NameRange, 18, 25)
	if named.Managed || named.Role.IsSet() {
		t.Errorf("named: managed %v, role %v", named.Managed, named.Role)
	}

	// eksctl grants a self-managed group's role node access itself; in API
	// mode through an access entry.
	grant := es["nodeGroups/named/access-entry"].(*lint.AccessEntry)
	if g := m.ResolveRole(grant.Principal.Value, grant.Scope); grant.Type != "EC2_LINUX" || g.Entity != r.Entity {
		t.Errorf("named group's access: type %q, principal %v", grant.Type, g.Entity)
	}
	if _, ok := es["managedNodeGroups/own/access-entry"]; ok {
		t.Error("eksctl grants a managed group's role itself (EKS does)")
	}

	profiled := es["nodeGroups/profiled"].(*lint.NodeGroup)
	if profiled.InstanceProfile.Value.String() != "arn:aws:iam::101010101010:instance-profile/orders-legacy" || profiled.Role.Value.String() != "arn:aws:iam::101010101010:role/orders-legacy" {
		t.Errorf("profiled: profile %s, role %s", profiled.InstanceProfile.Value, profiled.Role.Value)
	}
	if _, made := es["nodeGroups/profiled/instance-profile"]; made {
		t.Error("eksctl creates no profile when instanceProfileARN is given")
	}
}

const eksctlIRSA = `apiVersion: eksctl.io/v1alpha5
kind: ClusterConfig
metadata:
  name: orders
  region: sa-east-1
iam:
  withOIDC: true
  serviceAccounts:
    - metadata:
        name: karpenter
        namespace: karpenter
      roleName: orders-karpenter
    - metadata:
        name: reporter
      roleOnly: true
    - metadata:
        name: importer
        namespace: batch
      attachRoleARN: arn:aws:iam::101010101010:role/orders-importer
    - metadata:
        name: worker
        namespace: batch
      subjectPattern: worker-*
`

func TestClusterConfigServiceAccounts(t *testing.T) {
	es, diags := parseEksctl(t, eksctlIRSA, lint.Scope{})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	m := &lint.Model{}
	for _, e := range es {
		m.Add(e)
	}
	sa := es["iam.serviceAccounts/karpenter/karpenter"].(*lint.ServiceAccount)
	at(t, "namespace", sa.NamespaceRange, 11, 20)
	role, ok := m.ResolveRole(sa.RoleARN.Value, sa.Scope).Entity.(*lint.Role)
	if !ok || role.Name.String() != "orders-karpenter" {
		t.Fatalf("karpenter is bound to %v", sa.RoleARN.Value)
	}
	at(t, "binding", sa.RoleARN.Range, 12, 17)
	webs := role.Trust.WebIdentities()
	if len(webs) != 1 || len(webs[0].Subjects) != 1 || len(webs[0].Audiences) != 1 {
		t.Fatalf("trust %+v", role.Trust)
	}
	s := webs[0].Subjects[0]
	if s.Raw.String() != "system:serviceaccount:karpenter:karpenter" || s.Like || webs[0].Audiences[0].String() != "sts.amazonaws.com" {
		t.Errorf("subject %s (like %v), audience %s", s.Raw, s.Like, webs[0].Audiences[0])
	}
	at(t, "subject", s.Condition.Range, 9, 7)
	if p := webs[0].Provider; p.EKS != lint.Yes || !strings.HasPrefix(p.Bare.Prefix(), "oidc.eks.sa-east-1.") || p.Compare(lint.ParseIssuer(lint.IssuerOfKey(s.Condition.Key))) != lint.Yes {
		t.Errorf("issuer %s (EKS %v, region %s), condition key %s", p.Bare, p.EKS, p.Region, s.Condition.Key)
	}
	// The chart's account in kube-system is refused, the one named allowed.
	if lint.SubjectAllows(s, lint.Known("kube-system"), lint.Known("karpenter")) != lint.No || lint.SubjectAllows(s, lint.Known("karpenter"), lint.Known("karpenter")) != lint.Yes {
		t.Error("the trust does not allow exactly karpenter:karpenter")
	}

	// roleOnly: the role (in namespace default), no service account.
	if _, ok := es["iam.serviceAccounts/default/reporter"]; ok {
		t.Error("roleOnly entry made a service account")
	}
	reporter := es["iam.serviceAccounts/default/reporter/role"].(*lint.Role)
	if got := reporter.Trust.WebIdentities()[0].Subjects[0].Raw.String(); got != "system:serviceaccount:default:reporter" {
		t.Errorf("reporter's subject %s", got)
	}

	importer := es["iam.serviceAccounts/batch/importer"].(*lint.ServiceAccount)
	if importer.RoleARN.Value.String() != "arn:aws:iam::101010101010:role/orders-importer" {
		t.Errorf("importer bound to %s", importer.RoleARN.Value)
	}
	at(t, "attachRoleARN", importer.RoleARN.Range, 19, 22)
	if _, ok := es["iam.serviceAccounts/batch/importer/role"]; ok {
		t.Error("attachRoleARN entry made a role")
	}

	worker := es["iam.serviceAccounts/batch/worker/role"].(*lint.Role)
	ws := worker.Trust.WebIdentities()[0].Subjects[0]
	if !ws.Like || lint.SubjectAllows(ws, lint.Known("batch"), lint.Known("worker-7")) != lint.Yes {
		t.Errorf("pattern subject %s (like %v)", ws.Raw, ws.Like)
	}
	at(t, "pattern", ws.Condition.Range, 23, 23)
}

const eksctlAccess = `apiVersion: eksctl.io/v1alpha5
kind: ClusterConfig
metadata:
  name: orders
  region: sa-east-1
accessConfig:
  accessEntries:
    - principalARN: arn:aws:iam::101010101010:role/orders-ops
    - principalARN: arn:aws:iam::101010101010:role/orders-windows-nodes
      type: EC2_WINDOWS
iamIdentityMappings:
  - arn: arn:aws:iam::101010101010:role/orders-karpenter-nodes
    username: system:node:{{EC2PrivateDNSName}}
    groups: [system:bootstrappers, system:nodes]
  - arn: arn:aws:iam::101010101010:user/alice
    username: alice
iam:
  podIdentityAssociations:
    - namespace: kube-system
      serviceAccountName: karpenter
      roleName: orders-karpenter
      createServiceAccount: true
addons:
  - name: aws-ebs-csi-driver
    podIdentityAssociations:
      - namespace: kube-system
        serviceAccountName: ebs-csi-controller-sa
        roleARN: arn:aws:iam::101010101010:role/orders-ebs
karpenter:
  version: "1.0.6"
  defaultInstanceProfile: orders-karpenter-profile
`

func TestClusterConfigAccessAndKarpenter(t *testing.T) {
	es, diags := parseEksctl(t, eksctlAccess, lint.Scope{})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	ops := es["accessConfig.accessEntries/arn:aws:iam::101010101010:role/orders-ops"].(*lint.AccessEntry)
	win := es["accessConfig.accessEntries/arn:aws:iam::101010101010:role/orders-windows-nodes"].(*lint.AccessEntry)
	if ops.Type != "STANDARD" || win.Type != "EC2_WINDOWS" || ops.AWSAuth() {
		t.Errorf("types %q %q", ops.Type, win.Type)
	}
	at(t, "principal", win.Principal.Range, 9, 21)
	var mappings []*lint.AccessEntry
	for _, e := range es {
		if ae, ok := e.(*lint.AccessEntry); ok && ae.AWSAuth() {
			mappings = append(mappings, ae)
		}
	}
	// The user maps no role; the Karpenter block adds its node role.
	if len(mappings) != 2 {
		t.Fatalf("%d aws-auth mappings, want the role mapping and the karpenter block's", len(mappings))
	}
	node := es["mapRoles/arn:aws:iam::101010101010:role/orders-karpenter-nodes"].(*lint.AccessEntry)
	at(t, "mapping", node.Principal.Range, 12, 10)
	if len(node.Groups) != 2 || node.Groups[1] != "system:nodes" {
		t.Errorf("groups %v", node.Groups)
	}

	pa := es["iam.podIdentityAssociations/kube-system/karpenter"].(*lint.PodIdentityAssociation)
	m := &lint.Model{}
	for _, e := range es {
		m.Add(e)
	}
	role, ok := m.ResolveRole(pa.RoleARN.Value, pa.Scope).Entity.(*lint.Role)
	if !ok || role.Name.String() != "orders-karpenter" || !role.Trust.PodIdentityTrusted() {
		t.Fatalf("association's role %v", pa.RoleARN.Value)
	}
	at(t, "association role", pa.RoleARN.Range, 21, 17)
	if sa, ok := es["iam.podIdentityAssociations/kube-system/karpenter/service-account"].(*lint.ServiceAccount); !ok || sa.Namespace.String() != "kube-system" {
		t.Error("createServiceAccount made no service account")
	}
	addon := es["addons/aws-ebs-csi-driver/podIdentityAssociations/kube-system/ebs-csi-controller-sa"].(*lint.PodIdentityAssociation)
	at(t, "add-on association role", addon.RoleARN.Range, 28, 18)

	// karpenter: node role, its profile under the configured name, and the
	// controller's role bound to karpenter/karpenter.
	nodeRole := es["karpenter/node-role"].(*lint.Role)
	profile := es["karpenter/instance-profile"].(*lint.InstanceProfile)
	if nodeRole.Name.String() != "eksctl-KarpenterNodeRole-orders" || profile.Name.String() != "orders-karpenter-profile" {
		t.Errorf("node role %s, profile %s", nodeRole.Name, profile.Name)
	}
	if r, _, ok := m.RoleOfProfile(m.ResolveInstanceProfile(lint.Known("orders-karpenter-profile"), lint.Scope{})); !ok || r.Entity != nodeRole {
		t.Error("the profile does not hold the node role")
	}
	sa := es["karpenter/service-account"].(*lint.ServiceAccount)
	ctrl, _ := m.ResolveRole(sa.RoleARN.Value, sa.Scope).Entity.(*lint.Role)
	if ctrl == nil || ctrl.Name.String() != "eksctl-orders-iamservice-role" || ctrl.Trust.WebIdentities()[0].Subjects[0].Raw.String() != "system:serviceaccount:karpenter:karpenter" {
		t.Errorf("controller role %v", ctrl)
	}
}

func TestClusterConfigInvalidAndTemplated(t *testing.T) {
	src := `apiVersion: eksctl.io/v1alpha5
kind: ClusterConfig
metadata:
  name: ${CLUSTER_NAME}
  region: ${AWS_REGION}
managedNodeGroups: system
nodeGroups:
  - just-a-name
  - name: kept
`
	es, diags := parseEksctl(t, src, lint.Scope{Cluster: "configured"})
	if len(diags) != 2 || diags[0].Range.Line != 6 || diags[1].Range.Line != 8 {
		t.Fatalf("diagnostics %v, want lines 6 and 8", diags)
	}
	kept, ok := es["nodeGroups/kept"].(*lint.NodeGroup)
	if !ok {
		t.Fatal("the valid node group is not read")
	}
	// Mode unknown: the group's node access is taken as an aws-auth mapping.
	var mapped bool
	for _, e := range es {
		if ae, ok := e.(*lint.AccessEntry); ok && ae.AWSAuth() && strings.Contains(ae.Label, "node group kept") {
			mapped = true
		}
	}
	if !mapped {
		t.Error("the self-managed group's role is not mapped")
	}
	// A placeholder is no scope: the configured one stays.
	if kept.Scope.Cluster != "configured" || kept.Scope.Region != "" {
		t.Errorf("scope %+v", kept.Scope)
	}
}

// Two files for one cluster — the ClusterConfig `eksctl create cluster`
// read and the one a later `eksctl create fargateprofile` read — are one
// cluster: one cluster entity, one cluster security group, each subnet
// once; the second file's Fargate profile stays. Another cluster's
// ClusterConfig, and one in another region, stay apart.
func TestMergeClusterConfigs(t *testing.T) {
	scope := lint.Scope{}
	file := func(name, src string) []lint.Entity {
		es, diags := ParseFile(name, []byte(src), scope)
		if len(diags) > 0 {
			t.Fatalf("%s: %v", name, diags)
		}
		return es
	}
	const vpc = `
vpc:
  subnets:
    private:
      sa-east-1a: { id: subnet-0aa1 }
      sa-east-1b: { id: subnet-0bb2 }
`
	cluster := file("eksctl/cluster.yaml", "apiVersion: eksctl.io/v1alpha5\nkind: ClusterConfig\nmetadata:\n  name: orders\n  region: sa-east-1\niam:\n  withOIDC: true\n"+vpc+"managedNodeGroups:\n  - name: system\n")
	profiles := file("eksctl/profiles.yaml", "apiVersion: eksctl.io/v1alpha5\nkind: ClusterConfig\nmetadata:\n  name: orders\n  region: sa-east-1\niam:\n  withOIDC: true\n"+vpc+"fargateProfiles:\n  - name: batch\n    selectors:\n      - namespace: batch\n")
	other := file("eksctl/other.yaml", "apiVersion: eksctl.io/v1alpha5\nkind: ClusterConfig\nmetadata:\n  name: orders\n  region: us-east-1\n")
	all := append(append(append([]lint.Entity(nil), cluster...), profiles...), other...)
	got := MergeClusterConfigs(all)
	count := map[lint.Kind]int{}
	for _, e := range got {
		count[e.Base().Kind]++
		if e.Base().Kind == lint.KindFargateProfile && !strings.HasPrefix(e.Base().Addr, "eksctl/profiles.yaml#") {
			t.Errorf("Fargate profile %s: want the one of profiles.yaml", e.Base().Addr)
		}
	}
	want := map[lint.Kind]int{lint.KindCluster: 2, lint.KindSecurityGroup: 2, lint.KindOIDCProvider: 1, lint.KindSubnet: 2, lint.KindFargateProfile: 1, lint.KindNodeGroup: 1}
	for k, n := range want {
		if count[k] != n {
			t.Errorf("%s: %d after the merge, want %d (all: %v)", k, count[k], n, count)
		}
	}
	if n := len(MergeClusterConfigs(append(append([]lint.Entity(nil), cluster...), other...))); n != len(cluster)+len(other) {
		t.Errorf("clusters of two regions: %d entities, want %d", n, len(cluster)+len(other))
	}
}
