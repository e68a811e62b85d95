package graph

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

func at(file string, line int) lint.Range { return lint.Range{File: file, Line: line, Column: 1} }

func obj(kind lint.Kind, addr, label, name, file string, line int) lint.Object {
	n := lint.Unknown()
	if name != "" {
		n = lint.Known(name)
	}
	return lint.Object{Kind: kind, Addr: addr, Label: label, Name: n, Range: at(file, line), NameRange: at(file, line+1), Source: lint.SourceTerraform}
}

func ref(v lint.Value, file string, line int) lint.Ref {
	return lint.Ref{Value: v, Range: at(file, line)}
}

func hole(addr, path string) lint.Value { return lint.Hole(lint.HoleRef{Object: addr, Path: path}) }

// fixture is a small model with one of each relation the graph draws,
// plus entities that must stay unconnected (a role of another name, a
// service account in another namespace).
func fixture() *lint.Model {
	const tf, k8s = "infra/main.tf", "k8s/app.yaml"
	m := &lint.Model{}
	nodes := &lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.nodes", "aws_iam_role.nodes", "nodes", tf, 1), ARN: lint.Known("arn:aws:iam::111:role/nodes")}
	irsa := &lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.irsa", "aws_iam_role.irsa", "irsa", tf, 10)}
	irsa.Trust = lint.Trust{Known: true, Statements: []lint.TrustStatement{{
		Effect: "Allow", Actions: []string{"sts:AssumeRoleWithWebIdentity"},
		Federated: []lint.Value{lint.Known("arn:aws:iam::111:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/ABC")},
		Conditions: []lint.TrustCondition{{Operator: "StringEquals", Key: lint.Known("oidc.eks.us-east-1.amazonaws.com/id/ABC:sub"),
			Values: []lint.Value{lint.Known("system:serviceaccount:app:api")}}},
	}}}
	other := &lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role.other", "aws_iam_role.other", "other", tf, 20)}
	ip := &lint.InstanceProfile{Object: obj(lint.KindInstanceProfile, "infra:aws_iam_instance_profile.nodes", "aws_iam_instance_profile.nodes", "nodes", tf, 30),
		Role: ref(hole(nodes.Addr, "name"), tf, 31)}
	sg := &lint.SecurityGroup{Object: obj(lint.KindSecurityGroup, "infra:aws_security_group.nodes", "aws_security_group.nodes", "nodes", tf, 40),
		ID: lint.Known("sg-1"), Tags: map[string]lint.Value{"karpenter.sh/discovery": lint.Known("prod")}}
	subnet := &lint.Subnet{Object: obj(lint.KindSubnet, "infra:aws_subnet.a", "aws_subnet.a", "", tf, 50),
		ID: lint.Known("subnet-1"), Zone: lint.Known("us-east-1a"), Tags: map[string]lint.Value{"karpenter.sh/discovery": lint.Known("prod")}}
	ng := &lint.NodeGroup{Object: obj(lint.KindNodeGroup, "infra:aws_eks_node_group.system", "aws_eks_node_group.system", "system", tf, 60), Managed: true,
		Role:           ref(lint.Known("arn:aws:iam::111:role/nodes"), tf, 61),
		SecurityGroups: []lint.Ref{ref(hole(sg.Addr, "id"), tf, 62)},
		Capacity:       lint.NodeGroupCapacity{Subnets: []lint.Ref{ref(lint.Known("subnet-1"), tf, 63)}}}
	ae := &lint.AccessEntry{Object: obj(lint.KindAccessEntry, "infra:aws_eks_access_entry.nodes", "aws_eks_access_entry.nodes", "", tf, 70),
		Principal: ref(hole(nodes.Addr, "arn"), tf, 71), Type: "EC2_LINUX"}
	pa := &lint.PodIdentityAssociation{Object: obj(lint.KindPodIdentity, "infra:aws_eks_pod_identity_association.api", "aws_eks_pod_identity_association.api", "", tf, 80),
		Namespace: ref(lint.Known("app"), tf, 81), ServiceAccount: ref(lint.Known("api"), tf, 82), RoleARN: ref(hole(irsa.Addr, "arn"), tf, 83)}
	terms := []lint.SelectorTerm{{Tags: map[string]lint.Value{"karpenter.sh/discovery": lint.Known("prod")}, Range: at(k8s, 8)}}
	nc := &lint.NodeClass{Object: obj(lint.KindNodeClass, k8s+"#0/EC2NodeClass/default", "EC2NodeClass default", "default", k8s, 2),
		Role: ref(lint.Known("nodes"), k8s, 6), SecurityGroupTerms: terms, SubnetTerms: terms}
	np := &lint.NodePool{Object: obj(lint.KindNodePool, k8s+"#1/NodePool/general", "NodePool general", "general", k8s, 12), NodeClass: ref(lint.Known("default"), k8s, 16)}
	sa := &lint.ServiceAccount{Object: obj(lint.KindServiceAccount, k8s+"#2/ServiceAccount/api", "ServiceAccount app/api", "api", k8s, 20),
		Namespace: lint.Known("app"), RoleARN: ref(lint.Known("arn:aws:iam::111:role/irsa"), k8s, 24)}
	elsewhere := &lint.ServiceAccount{Object: obj(lint.KindServiceAccount, k8s+"#3/ServiceAccount/api", "ServiceAccount web/api", "api", k8s, 26), Namespace: lint.Known("web")}
	w := &lint.Workload{Object: obj(lint.KindWorkload, k8s+"#4/Deployment/api", "Deployment app/api", "api", k8s, 30), KindName: "Deployment",
		Namespace: lint.Known("app"), ServiceAccount: ref(lint.Known("api"), k8s, 40),
		Pod: &lint.PodScheduling{Claims: []lint.ClaimRef{{Claim: lint.Known("data"), Range: at(k8s, 44)}}}}
	vc := &lint.VolumeClaim{Object: obj(lint.KindVolumeClaim, k8s+"#5/PersistentVolumeClaim/data", "PersistentVolumeClaim app/data", "data", k8s, 50),
		Namespace: lint.Known("app"), StorageClass: ref(lint.Known("gp3"), k8s, 55)}
	sc := &lint.StorageClass{Object: obj(lint.KindStorageClass, k8s+"#6/StorageClass/gp3", "StorageClass gp3", "gp3", k8s, 60)}
	m.Add(nodes, irsa, other, ip, sg, subnet, ng, ae, pa, nc, np, sa, elsewhere, w, vc, sc)
	m.Sort()
	return m
}

// edges lists a graph's edges as "from -label-> to" by label.
func edges(g *Graph) []string {
	var out []string
	for _, e := range g.Edges {
		out = append(out, g.Nodes[e.From].Label+" -"+e.Label+"-> "+g.Nodes[e.To].Label)
	}
	sort.Strings(out)
	return out
}

func TestBuildRelations(t *testing.T) {
	g := Build(fixture())
	if len(g.Nodes) != 16 {
		t.Fatalf("%d nodes, want 16", len(g.Nodes))
	}
	for i := 1; i < len(g.Nodes); i++ {
		if g.Nodes[i-1].Addr >= g.Nodes[i].Addr {
			t.Errorf("nodes not sorted by address: %s before %s", g.Nodes[i-1].Addr, g.Nodes[i].Addr)
		}
		if g.Nodes[i].ID != "n"+itoa(i+1) {
			t.Errorf("node %d has ID %s", i, g.Nodes[i].ID)
		}
	}
	want := []string{
		"Deployment app/api -mounts claim-> PersistentVolumeClaim app/data",
		"Deployment app/api -runs as-> ServiceAccount app/api",
		"EC2NodeClass default -selects security group-> aws_security_group.nodes",
		"EC2NodeClass default -selects subnet-> aws_subnet.a",
		"EC2NodeClass default -uses role-> aws_iam_role.nodes",
		"NodePool general -launches with-> EC2NodeClass default",
		"PersistentVolumeClaim app/data -of class-> StorageClass gp3",
		"ServiceAccount app/api -bound to role-> aws_iam_role.irsa",
		"aws_eks_access_entry.nodes -admits role-> aws_iam_role.nodes",
		"aws_eks_node_group.system -attaches security group-> aws_security_group.nodes",
		"aws_eks_node_group.system -launches in subnet-> aws_subnet.a",
		"aws_eks_node_group.system -uses role-> aws_iam_role.nodes",
		"aws_eks_pod_identity_association.api -for service account-> ServiceAccount app/api",
		"aws_eks_pod_identity_association.api -grants role-> aws_iam_role.irsa",
		"aws_iam_instance_profile.nodes -holds role-> aws_iam_role.nodes",
		"aws_iam_role.irsa -trusts subject-> ServiceAccount app/api",
	}
	got := edges(g)
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("edges:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, e := range g.Edges {
		if e.Label == "" {
			t.Errorf("unlabelled edge %v", e)
		}
	}
	n := g.Nodes[g.Index("infra:aws_iam_role.nodes")]
	if n.Kind != lint.KindRole || n.Name != "nodes" || n.Where != "infra/main.tf:1" {
		t.Errorf("role node = %+v", n)
	}
}

func TestBuildIsDeterministic(t *testing.T) {
	a, b := Build(fixture()), Build(fixture())
	if strings.Join(edges(a), "\n") != strings.Join(edges(b), "\n") {
		t.Error("two builds of one model differ")
	}
}

func labels(g *Graph) []string {
	var out []string
	for _, n := range g.Nodes {
		s := n.Label
		if n.Focus {
			s += "*"
		}
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}

func TestAroundEntity(t *testing.T) {
	g := Build(fixture())
	seeds := g.Find("NodePool general")
	if len(seeds) != 1 {
		t.Fatalf("Find by label: %v", seeds)
	}
	sub := g.Around(seeds, 2)
	want := "EC2NodeClass default|NodePool general*|aws_iam_role.nodes|aws_security_group.nodes|aws_subnet.a"
	if got := strings.Join(labels(sub), "|"); got != want {
		t.Errorf("two hops of the node pool: %s, want %s", got, want)
	}
	if got := len(sub.Edges); got != 4 {
		t.Errorf("%d edges kept, want 4: %v", got, edges(sub))
	}
	if one := g.Around(seeds, 1); len(one.Nodes) != 2 {
		t.Errorf("one hop: %v", labels(one))
	}
	if got := g.Find("aws_iam_role.other"); len(got) != 1 || g.Nodes[got[0]].Addr != "infra:aws_iam_role.other" {
		t.Errorf("Find by label of a Terraform address: %v", got)
	}
	if got := g.Find("infra:aws_iam_role.irsa"); len(got) != 1 {
		t.Errorf("Find by address: %v", got)
	}
	if got := g.Find("nothing"); len(got) != 0 {
		t.Errorf("Find of nothing: %v", got)
	}
}

func TestFocusFindings(t *testing.T) {
	g := Build(fixture())
	// A finding at the node class's role line, related to the node
	// group's role line: the entities holding those lines are the seeds.
	f := lint.Finding{Rule: "FL101", Range: at("k8s/app.yaml", 6), Related: []lint.Location{{Range: at("infra/main.tf", 61)}}}
	seeds := g.Findings([]lint.Finding{f})
	var got []string
	for _, i := range seeds {
		got = append(got, g.Nodes[i].Label)
	}
	if strings.Join(got, "|") != "aws_eks_node_group.system|EC2NodeClass default" {
		t.Errorf("seeds %v", got)
	}
	sub := g.Around(seeds, 1)
	for _, l := range labels(sub) {
		if strings.Contains(l, "Deployment") || strings.Contains(l, "irsa") {
			t.Errorf("%s is farther than one hop", l)
		}
	}
	if len(g.At(at("k8s/none.yaml", 3))) != 0 || len(g.At(at("infra/main.tf", 0))) != 0 {
		t.Error("a location in no declaration found one")
	}
}

// Trust edges are those SubjectAllows says Yes to, role by role and
// subject by subject in the model's order, whatever the subject: exact
// (looked up by namespace and name), StringLike, case-folded, with an
// unknown part; accounts of an incompatible scope, with an unknown name,
// of the same name in another namespace or twice in two places.
func TestTrustEdgesAreSubjectAllows(t *testing.T) {
	const tf, k8s = "infra/main.tf", "k8s/app.yaml"
	m := &lint.Model{}
	trust := func(op string, subs ...lint.Value) lint.Trust {
		return lint.Trust{Known: true, Statements: []lint.TrustStatement{{
			Effect: "Allow", Actions: []string{"sts:AssumeRoleWithWebIdentity"},
			Federated:  []lint.Value{lint.Known("arn:aws:iam::111:oidc-provider/oidc.eks.us-east-1.amazonaws.com/id/ABC")},
			Conditions: []lint.TrustCondition{{Operator: op, Key: lint.Known("oidc.eks.us-east-1.amazonaws.com/id/ABC:sub"), Values: subs}},
		}}}
	}
	roles := []struct {
		name, op string
		subs     []lint.Value
	}{
		{"exact", "StringEquals", []lint.Value{lint.Known("system:serviceaccount:app:api"), lint.Known("system:serviceaccount:web:front")}},
		{"like", "StringLike", []lint.Value{lint.Known("system:serviceaccount:app:*")}},
		{"fold", "StringEqualsIgnoreCase", []lint.Value{lint.Known("system:serviceaccount:APP:API")}},
		{"unknown", "StringEquals", []lint.Value{lint.Concat(lint.Known("system:serviceaccount:app:"), hole("infra:var.name", "value"))}},
		{"nobody", "StringEquals", []lint.Value{lint.Known("system:serviceaccount:none:none")}},
	}
	for i, r := range roles {
		role := &lint.Role{Object: obj(lint.KindRole, "infra:aws_iam_role."+r.name, "aws_iam_role."+r.name, r.name, tf, 10*i+1), Trust: trust(r.op, r.subs...)}
		role.Scope = lint.Scope{Account: "111"}
		m.Add(role)
	}
	accounts := []struct {
		ns, name lint.Value
		account  string
	}{
		{lint.Known("app"), lint.Known("api"), "111"},
		{lint.Known("app"), lint.Known("api"), ""},    // twice, unscoped
		{lint.Known("app"), lint.Known("api"), "222"}, // another account
		{lint.Known("web"), lint.Known("api"), "111"},
		{lint.Known("web"), lint.Known("front"), "111"},
		{lint.Known("app"), hole("k8s:values", "name"), "111"},
		{lint.Known("app"), lint.Known("worker"), "111"},
	}
	for i, a := range accounts {
		sa := &lint.ServiceAccount{Object: obj(lint.KindServiceAccount, fmt.Sprintf("%s#%d/ServiceAccount/x", k8s, i), fmt.Sprintf("ServiceAccount %d", i), "", k8s, 10*i+1), Namespace: a.ns}
		sa.Name = a.name
		sa.Scope = lint.Scope{Account: a.account}
		m.Add(sa)
	}
	m.Sort()
	var want []string
	for _, r := range m.Roles {
		for _, w := range r.Trust.WebIdentities() {
			for _, s := range w.Subjects {
				for _, sa := range m.ServiceAccounts {
					if sa.Scope.Compatible(r.Scope, false, false) && lint.SubjectAllows(s, sa.Namespace, sa.Name) == lint.Yes {
						want = append(want, r.Label+" -"+TrustsSubject+"-> "+sa.Label)
					}
				}
			}
		}
	}
	g := Build(m)
	var got []string
	for _, e := range g.Edges {
		if e.Label == TrustsSubject {
			got = append(got, g.Nodes[e.From].Label+" -"+e.Label+"-> "+g.Nodes[e.To].Label)
		}
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("trust edges:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(want) < 6 {
		t.Errorf("only %d trust edges: the test proves nothing\n%s", len(want), strings.Join(want, "\n"))
	}
}
