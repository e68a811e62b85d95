package lint

import (
	"fmt"
	"reflect"
	"testing"
)

func subnetFixture() *Model {
	m := &Model{}
	a := &Subnet{Object: Object{Kind: KindSubnet, Addr: "infra:aws_subnet.a"}, ID: Hole(HoleRef{Object: "infra:aws_subnet.a", Path: "id"}), Zone: Known("eu-west-1a"),
		Tags: map[string]Value{"karpenter.sh/discovery": Known("prod"), "tier": Known("private")}}
	b := &Subnet{Object: Object{Kind: KindSubnet, Addr: "plan:aws_subnet.b"}, ID: Known("subnet-0b"), Zone: Known("euw1-az2"),
		Tags: map[string]Value{"karpenter.sh/discovery": Known("prod"), "tier": Known("public")}}
	c := &Subnet{Object: Object{Kind: KindSubnet, Addr: "infra:aws_subnet.c"}, ID: Hole(HoleRef{Object: "infra:aws_subnet.c", Path: "id"}), Zone: Unknown(),
		Tags: map[string]Value{}, TagsIncomplete: true}
	m.Add(a, b, c)
	return m
}

func TestSubnetZones(t *testing.T) {
	m := subnetFixture()
	ref := func(v Value) Ref { return Ref{Value: v} }
	for _, tc := range []struct {
		name  string
		refs  []Ref
		zones []string
		known bool
	}{
		{"hole and known id", []Ref{ref(Hole(HoleRef{Object: "infra:aws_subnet.a", Path: "id"})), ref(Known("subnet-0b"))}, []string{"eu-west-1a", "euw1-az2"}, true},
		{"arn hole", []Ref{ref(Hole(HoleRef{Object: "infra:aws_subnet.a", Path: "arn"}))}, []string{"eu-west-1a"}, true},
		{"other attribute", []Ref{ref(Hole(HoleRef{Object: "infra:aws_subnet.a", Path: "cidr_block"}))}, nil, false},
		{"zone unknown", []Ref{ref(Hole(HoleRef{Object: "infra:aws_subnet.c", Path: "id"}))}, nil, false},
		{"not in the model", []Ref{ref(Known("subnet-elsewhere")), ref(Known("subnet-0b"))}, []string{"euw1-az2"}, false},
		{"unknown", []Ref{ref(Unknown())}, nil, false},
		{"duplicates once", []Ref{ref(Known("subnet-0b")), ref(Known("subnet-0b"))}, []string{"euw1-az2"}, true},
		{"none", nil, nil, false},
	} {
		zones, known := m.SubnetZones(tc.refs)
		if !reflect.DeepEqual(zones, tc.zones) || known != tc.known {
			t.Errorf("%s: %v %v, want %v %v", tc.name, zones, known, tc.zones, tc.known)
		}
	}
}

func TestSubnetsMatching(t *testing.T) {
	m := subnetFixture()
	tags := func(kv ...string) SelectorTerm {
		t := SelectorTerm{Tags: map[string]Value{}}
		for i := 0; i < len(kv); i += 2 {
			t.Tags[kv[i]] = Known(kv[i+1])
		}
		return t
	}
	for _, tc := range []struct {
		name     string
		terms    []SelectorTerm
		want     []string
		complete bool
	}{
		// subnet c's tags are incomplete: it may carry the tag.
		{"discovery tag", []SelectorTerm{tags("karpenter.sh/discovery", "prod")}, []string{"infra:aws_subnet.a", "plan:aws_subnet.b"}, false},
		{"wildcard and value", []SelectorTerm{tags("karpenter.sh/discovery", "*", "tier", "private")}, []string{"infra:aws_subnet.a"}, false},
		{"by id", []SelectorTerm{{ID: Known("subnet-0b"), HasID: true}}, []string{"plan:aws_subnet.b"}, false},
		{"terms are ORed", []SelectorTerm{tags("tier", "public"), {ID: Hole(HoleRef{Object: "infra:aws_subnet.a", Path: "id"}), HasID: true}}, []string{"infra:aws_subnet.a", "plan:aws_subnet.b"}, false},
		{"empty term selects nothing", []SelectorTerm{{}}, nil, true},
	} {
		got, complete := m.SubnetsMatching(tc.terms)
		var addrs []string
		for _, s := range got {
			addrs = append(addrs, s.Addr)
		}
		if !reflect.DeepEqual(addrs, tc.want) || complete != tc.complete {
			t.Errorf("%s: %v complete %v, want %v %v", tc.name, addrs, complete, tc.want, tc.complete)
		}
	}
	// Without the incomplete subnet every decision is made.
	m.Subnets = m.Subnets[:2]
	if _, complete := m.SubnetsMatching([]SelectorTerm{tags("tier", "private")}); !complete {
		t.Errorf("complete tags decide every subnet")
	}
}

func BenchmarkSubnetsMatching(b *testing.B) {
	m := &Model{}
	var refs []Ref
	for i := 0; i < 600; i++ {
		addr := fmt.Sprintf("infra:module.vpc.aws_subnet.private[%d]", i)
		m.Add(&Subnet{Object: Object{Kind: KindSubnet, Addr: addr}, ID: Hole(HoleRef{Object: addr, Path: "id"}), Zone: Known(fmt.Sprintf("eu-west-1%c", 'a'+i%3)),
			Tags: map[string]Value{"karpenter.sh/discovery": Known(fmt.Sprintf("c%d", i%20))}})
		refs = append(refs, Ref{Value: Hole(HoleRef{Object: addr, Path: "id"})})
	}
	terms := []SelectorTerm{{Tags: map[string]Value{"karpenter.sh/discovery": Known("c7")}}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if got, _ := m.SubnetsMatching(terms); len(got) != 30 {
			b.Fatal(len(got))
		}
		if zones, known := m.SubnetZones(refs); !known || len(zones) != 3 {
			b.Fatal(zones)
		}
	}
}

// A tag the group may carry (its cluster's, which EKS may copy) leaves a
// term asking for it undecided; a key it neither has nor may have does not
// match.
func TestTermMatchMaybeTags(t *testing.T) {
	sg := &SecurityGroup{Object: Object{Kind: KindSecurityGroup, Addr: "infra:aws_eks_cluster.x.vpc_config[0].cluster_security_group_id"},
		ID:        Hole(HoleRef{Object: "infra:aws_eks_cluster.x", Path: "vpc_config[0].cluster_security_group_id"}),
		Tags:      map[string]Value{"aws:eks:cluster-name": Known("prod")},
		MaybeTags: map[string]Value{"team": Known("core")}}
	g := Identity{Kind: KindSecurityGroup, Entity: sg, ID: sg.ID}
	for _, c := range []struct {
		tags map[string]Value
		want Tri
	}{
		{map[string]Value{"aws:eks:cluster-name": Known("prod")}, Yes},
		{map[string]Value{"team": Known("core")}, Maybe},
		{map[string]Value{"team": Known("edge")}, No},
		{map[string]Value{"karpenter.sh/discovery": Known("prod")}, No},
	} {
		if got := TermMatch(SelectorTerm{Tags: c.tags}, g); got != c.want {
			t.Errorf("TermMatch(%v) = %v, want %v", c.tags, got, c.want)
		}
	}
}
