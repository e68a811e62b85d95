package graph

import (
	"fmt"
	"io"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// benchModel is n copies of a node group, a node class and a service
// account, each with its own role, profile and security group, all in one
// model: the resolvers and the selector terms see every entity.
func benchModel(n int) *lint.Model {
	m := &lint.Model{}
	for i := 0; i < n; i++ {
		f := fmt.Sprintf("infra/m%d.tf", i)
		role := &lint.Role{Object: obj(lint.KindRole, fmt.Sprintf("infra:aws_iam_role.r%d", i), "role", fmt.Sprintf("r%d", i), f, 1)}
		ip := &lint.InstanceProfile{Object: obj(lint.KindInstanceProfile, fmt.Sprintf("infra:aws_iam_instance_profile.p%d", i), "profile", fmt.Sprintf("p%d", i), f, 5),
			Role: ref(hole(role.Addr, "name"), f, 6)}
		sg := &lint.SecurityGroup{Object: obj(lint.KindSecurityGroup, fmt.Sprintf("infra:aws_security_group.s%d", i), "sg", fmt.Sprintf("s%d", i), f, 10),
			ID: lint.Known(fmt.Sprintf("sg-%d", i)), Tags: map[string]lint.Value{"team": lint.Known(fmt.Sprint(i))}}
		ng := &lint.NodeGroup{Object: obj(lint.KindNodeGroup, fmt.Sprintf("infra:aws_eks_node_group.g%d", i), "ng", "", f, 20),
			Role: ref(hole(role.Addr, "arn"), f, 21), SecurityGroups: []lint.Ref{ref(lint.Known(fmt.Sprintf("sg-%d", i)), f, 22)}}
		k := fmt.Sprintf("k8s/c%d.yaml", i)
		nc := &lint.NodeClass{Object: obj(lint.KindNodeClass, k+"#0/EC2NodeClass/c", "nc", fmt.Sprintf("c%d", i), k, 1),
			Role:               ref(lint.Known(fmt.Sprintf("r%d", i)), k, 5),
			SecurityGroupTerms: []lint.SelectorTerm{{Tags: map[string]lint.Value{"team": lint.Known(fmt.Sprint(i))}, Range: at(k, 7)}}}
		sa := &lint.ServiceAccount{Object: obj(lint.KindServiceAccount, k+"#1/ServiceAccount/sa", "sa", "sa", k, 10),
			Namespace: lint.Known(fmt.Sprintf("ns%d", i)), RoleARN: ref(lint.Known(fmt.Sprintf("arn:aws:iam::1:role/r%d", i)), k, 12)}
		m.Add(role, ip, sg, ng, nc, sa)
	}
	m.Sort()
	return m
}

// BenchmarkBuild draws a model of 200 node groups, node classes and
// service accounts with their identities (1,200 entities).
func BenchmarkBuild(b *testing.B) {
	m := benchModel(200)
	b.ReportAllocs()
	for b.Loop() {
		g := Build(m)
		if len(g.Edges) != 1200 {
			b.Fatalf("%d edges", len(g.Edges))
		}
	}
}

// BenchmarkWrite renders that graph in each format.
func BenchmarkWrite(b *testing.B) {
	g := Build(benchModel(200))
	for _, f := range Formats() {
		b.Run(f, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := Write(io.Discard, g, f, "bench"); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
