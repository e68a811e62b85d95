package lint

import (
	"testing"
)

func hole(obj, path string) Value { return Hole(HoleRef{Object: obj, Path: path}) }

func TestCompare(t *testing.T) {
	x := hole("r:module.x", "prefix")
	cases := []struct {
		name string
		a, b Value
		want Tri
	}{
		{"known equal", Known("prod-nodes"), Known("prod-nodes"), Yes},
		{"known different", Known("prod-nodes"), Known("prod-nodes-2"), No},
		{"same reference", x, hole("r:module.x", "prefix"), Yes},
		{"same template", Concat(x, Known("-nodes")), Concat(hole("r:module.x", "prefix"), Known("-nodes")), Yes},
		{"suffix cannot match", Concat(x, Known("-nodes")), Known("karpenter"), No},
		{"suffix can match", Concat(x, Known("-nodes")), Known("prod-nodes"), Maybe},
		{"prefix cannot match", Concat(Known("arn:aws:iam::1:role/"), x), Known("arn:aws:iam::2:role/a"), No},
		{"two templates, different suffix", Concat(x, Known("-a")), Concat(hole("r:var.y", ""), Known("-b")), No},
		{"two templates, compatible", Concat(x, Known("-a")), Concat(hole("r:var.y", ""), Known("x-a")), Maybe},
		{"unknown", Unknown(), Known("a"), Maybe},
		{"anonymous never equal", Hole(HoleRef{Object: "a", Anonymous: true}), Hole(HoleRef{Object: "a", Anonymous: true}), Maybe},
		{"different references", x, hole("r:module.y", "prefix"), Maybe},
		{"middle hole", Concat(Known("a-"), x, Known("-z")), Known("a-b-c-z"), Maybe},
		{"middle hole no", Concat(Known("a-"), x, Known("-z")), Known("b-c-z"), No},
	}
	for _, c := range cases {
		if got := Compare(c.a, c.b); got != c.want {
			t.Errorf("%s: Compare(%s, %s) = %s, want %s", c.name, c.a, c.b, got, c.want)
		}
		if got := Compare(c.b, c.a); got != c.want {
			t.Errorf("%s (swapped): = %s, want %s", c.name, got, c.want)
		}
	}
}

func TestParseARN(t *testing.T) {
	v := Concat(Known("arn:"), hole("r:data.aws_partition.p", "partition"), Known(":iam::123456789012:role/eks/"), hole("r:var.name", ""))
	a, ok := ParseARN(v)
	if !ok || a.Partition != "" || a.Account != "123456789012" || a.Service != "iam" {
		t.Fatalf("ParseARN = %+v, %v", a, ok)
	}
	name, _ := a.Resource.TrimPrefixKnown("role/")
	if n, ok := name.AfterLast("/"); !ok || n.String() != "${var.name}" {
		t.Errorf("name = %s", n)
	}
	if _, ok := ParseARN(Known("prod-nodes")); ok {
		t.Error("a name is not an ARN")
	}
}

func TestResolveRoleAcrossForms(t *testing.T) {
	m := &Model{}
	role := &Role{Object: Object{Kind: KindRole, Addr: "infra:aws_iam_role.nodes", Name: Known("prod-nodes"), Scope: Scope{Account: "111111111111"}}}
	m.Add(role)
	for _, v := range []Value{
		hole("infra:aws_iam_role.nodes", "arn"),
		hole("infra:aws_iam_role.nodes", "name"),
		Known("prod-nodes"),
		Known("arn:aws:iam::111111111111:role/prod-nodes"),
		Known("arn:aws:iam::111111111111:role/some/path/prod-nodes"),
	} {
		if id := m.ResolveRole(v, Scope{}); id.Entity != role {
			t.Errorf("%s did not resolve to the role", v)
		}
	}
	if id := m.ResolveRole(Known("arn:aws:iam::222222222222:role/prod-nodes"), Scope{}); id.Entity != nil {
		t.Error("an ARN in another account must not resolve to the role")
	}
	// A role and an instance profile with the same name are different objects.
	ip := m.ResolveInstanceProfile(Known("prod-nodes"), Scope{})
	if SameIdentity(ip, m.ResolveRole(Known("prod-nodes"), Scope{})) != No {
		t.Error("a profile and a role never unify")
	}
}

func TestTermMatch(t *testing.T) {
	sg := &SecurityGroup{Object: Object{Kind: KindSecurityGroup, Addr: "i:aws_security_group.n", Name: Known("nodes")}, ID: hole("i:aws_security_group.n", "id"),
		Tags: map[string]Value{"karpenter.sh/discovery": Known("prod"), "team": Known("a")}}
	id := Identity{Kind: KindSecurityGroup, Entity: sg, ID: sg.ID, Name: sg.Name}
	cases := []struct {
		t    SelectorTerm
		want Tri
	}{
		{SelectorTerm{Tags: map[string]Value{"karpenter.sh/discovery": Known("prod")}}, Yes},
		{SelectorTerm{Tags: map[string]Value{"karpenter.sh/discovery": Known("prod"), "team": Known("*")}}, Yes},
		{SelectorTerm{Tags: map[string]Value{"karpenter.sh/discovery": Known("dev")}}, No},
		{SelectorTerm{Tags: map[string]Value{"other": Known("x")}}, No},
		{SelectorTerm{HasName: true, Name: Known("nodes")}, Yes},
		{SelectorTerm{HasID: true, ID: Known("sg-123")}, Maybe},
		{SelectorTerm{}, No},
	}
	for i, c := range cases {
		if got := TermMatch(c.t, id); got != c.want {
			t.Errorf("case %d: %s, want %s", i, got, c.want)
		}
	}
}

// TestCutLiteral: a value splits at the first separator in a literal part;
// a hole is never split.
func TestCutLiteral(t *testing.T) {
	h := Hole(HoleRef{Object: "aws_eks_cluster.x", Path: "identity"})
	for _, c := range []struct {
		v             Value
		sep           byte
		before, after string
		found         bool
	}{
		{Known("kube-system:karpenter"), ':', "kube-system", "karpenter", true},
		{Concat(h, Known("/id/ABC")), '/', h.String(), "id/ABC", true},
		{Concat(Known("ns:"), h), ':', "ns", h.String(), true},
		{h, ':', h.String(), "(unknown)", false},
	} {
		b, a, ok := c.v.CutLiteral(c.sep)
		if ok != c.found || b.String() != c.before || a.String() != c.after {
			t.Errorf("CutLiteral(%s, %q) = %s, %s, %v; want %s, %s, %v", c.v, c.sep, b, a, ok, c.before, c.after, c.found)
		}
	}
}

// TestGlobMatch: a selector's tag value is an EC2 filter value, with "*"
// and "?" wildcards and a backslash escaping them.
func TestGlobMatch(t *testing.T) {
	x := hole("r:var.env", "")
	for _, c := range []struct {
		name       string
		pattern, v Value
		want       Tri
	}{
		{"any", Known("*"), Known("anything"), Yes},
		{"trailing star", Known("dev-private*"), Known("dev-private-2"), Yes},
		{"trailing star, other", Known("dev-private*"), Known("dev-public-1"), No},
		{"both ends", Known("*Public*"), Known("vpc-Public-a"), Yes},
		{"both ends, case", Known("*Public*"), Known("vpc-public-a"), No},
		{"star matches empty", Known("eks-node*"), Known("eks-node"), Yes},
		{"one character", Known("az-?"), Known("az-b"), Yes},
		{"one character, two", Known("az-?"), Known("az-bc"), No},
		{"star backtracks", Known("*a*b"), Known("xaaab"), Yes},
		{"star backtracks, no", Known("*a*b"), Known("xaaac"), No},
		{"escaped star", Known(`price\*`), Known("price*"), Yes},
		{"escaped star is literal", Known(`price\*`), Known("prices"), No},
		{"no wildcard is a value", Known("dev"), Known("dev-1"), No},
		{"value with a hole, prefix fits", Known("dev-*"), Concat(Known("dev-"), x), Maybe},
		{"value with a hole, prefix does not", Known("dev-*"), Concat(Known("prod-"), x), No},
		{"unknown value", Known("dev-*"), Unknown(), Maybe},
		{"pattern with a hole and a star", Concat(x, Known("-*")), Known("dev-1"), Maybe},
	} {
		if got := GlobMatch(c.pattern, c.v); got != c.want {
			t.Errorf("%s: GlobMatch(%s, %s) = %s, want %s", c.name, c.pattern, c.v, got, c.want)
		}
	}
}
