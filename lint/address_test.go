package lint

import (
	"reflect"
	"strconv"
	"testing"
)

// TestParseAddress: model addresses of resources, data sources and module
// calls parse into their parts and write back unchanged; references with
// attributes, manifests and junk do not parse.
func TestParseAddress(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Address
	}{
		{"aws_iam_role.nodes", Address{Type: "aws_iam_role", Name: "nodes"}},
		{"infra/prod:aws_iam_role.nodes[0]", Address{Root: "infra/prod", Type: "aws_iam_role", Name: "nodes", Key: "[0]"}},
		{`infra:module.pools["a:b.c"].module.inner.aws_iam_openid_connect_provider.this[0]`, Address{Root: "infra", Modules: []ModuleStep{{"pools", `["a:b.c"]`}, {"inner", ""}}, Type: "aws_iam_openid_connect_provider", Name: "this", Key: "[0]"}},
		{"module.eks", Address{Modules: []ModuleStep{{"eks", ""}}}},
		{`a:b:aws_iam_role.x["c:d"]`, Address{Root: "a:b", Type: "aws_iam_role", Name: "x", Key: `["c:d"]`}},
		{"x:module.eks[1]", Address{Root: "x", Modules: []ModuleStep{{"eks", "[1]"}}}},
		{"data.aws_iam_policy_document.trust", Address{Data: true, Type: "aws_iam_policy_document", Name: "trust"}},
		{"module.m.data.aws_caller_identity.me", Address{Modules: []ModuleStep{{"m", ""}}, Data: true, Type: "aws_caller_identity", Name: "me"}},
		{"head/infra:module.pools[*].aws_iam_role.nodes[*]", Address{Root: "head/infra", Modules: []ModuleStep{{"pools", PossibleKey}}, Type: "aws_iam_role", Name: "nodes", Key: PossibleKey}},
		{`module.g["${var.env}-%{if true}x%{endif}"].aws_iam_role.x`, Address{Modules: []ModuleStep{{"g", `["${var.env}-%{if true}x%{endif}"]`}}, Type: "aws_iam_role", Name: "x"}},
		{`aws_iam_role.x["[*]\"[*]"]`, Address{Type: "aws_iam_role", Name: "x", Key: `["[*]\"[*]"]`}},
	} {
		got, ok := ParseAddress(tc.in)
		if !ok || got.String() != tc.in || got.Root != tc.want.Root || got.Data != tc.want.Data || got.Type != tc.want.Type || got.Name != tc.want.Name || got.Key != tc.want.Key || len(got.Modules) != len(tc.want.Modules) {
			t.Errorf("%s: got %+v (ok %v, writes %s), want %+v", tc.in, got, ok, got.String(), tc.want)
			continue
		}
		for i := range got.Modules {
			if got.Modules[i] != tc.want.Modules[i] {
				t.Errorf("%s: module %d = %+v, want %+v", tc.in, i, got.Modules[i], tc.want.Modules[i])
			}
		}
	}
	for _, bad := range []string{"", "aws_iam_role", "aws_iam_role.nodes.arn", "module.eks.oidc_provider_arn", "k8s/sa.yaml#0/ServiceAccount/x", "infra:aws_eks_addon.x#pod_identity_association[0]", "module", "data.x", "a.b[0][1]"} {
		if a, ok := ParseAddress(bad); ok {
			t.Errorf("%q parsed as %+v", bad, a)
		}
	}
}

// TestAddressWithin: an object lies inside a module call when the call's
// steps lead to it; a call without a key stands for all its instances; a
// qualified call only holds objects of its root.
func TestAddressWithin(t *testing.T) {
	p := func(s string) Address {
		a, ok := ParseAddress(s)
		if !ok {
			t.Fatalf("%s does not parse", s)
		}
		return a
	}
	obj := p(`infra:module.eks[0].module.irsa.aws_iam_role.this`)
	for call, want := range map[string]bool{
		"module.eks":               true,
		"module.eks[0]":            true,
		"infra:module.eks[0]":      true,
		"module.eks[1]":            false,
		"other:module.eks":         false,
		"module.eks.module.irsa":   true,
		"module.eksx":              false,
		"module.irsa":              false,
		"module.eks[0].module.foo": false,
	} {
		if got := obj.Within(p(call)); got != want {
			t.Errorf("%s within %s = %v, want %v", obj, call, got, want)
		}
	}
	if p("module.eks").Within(p("module.eks")) {
		t.Error("a call lies within itself")
	}
	if p("aws_iam_role.x").Within(p("aws_iam_role.x")) {
		t.Error("a resource is a module call")
	}
}

// TestHoleRefAttrs: the attribute names of a reference's path, in order,
// instance keys left out; none for an empty path or one that is no
// traversal.
func TestHoleRefAttrs(t *testing.T) {
	for path, want := range map[string][]string{
		"arn":                        {"arn"},
		"identity[0].oidc[0].issuer": {"identity", "oidc", "issuer"},
		`tags["a.b"].x`:              {"tags", "x"},
		"":                           nil,
		"a b":                        nil,
	} {
		got := HoleRef{Object: "aws_eks_cluster.x", Path: path}.Attrs()
		if len(got) != len(want) {
			t.Errorf("%q: %q, want %q", path, got, want)
			continue
		}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%q: %q, want %q", path, got, want)
			}
		}
	}
	if name, ok := (HoleRef{Path: "oidc_provider_arn"}).Attr(); !ok || name != "oidc_provider_arn" {
		t.Errorf("Attr = %q, %v", name, ok)
	}
}

// TestParseAddressMemoIsTheParse checks the memoised ParseAddress and
// HoleRef.Attrs against the parse itself, twice over (the second answer
// comes from the memo), and that changing what one call returned does
// not change the next.
func TestParseAddressMemoIsTheParse(t *testing.T) {
	for _, s := range []string{
		`module.pools["a"].aws_iam_role.this[0]`,
		`infra/prod:module.eks.data.aws_iam_policy_document.trust`,
		`module.x[*].aws_eks_cluster.this`,
		`aws_iam_role.node`,
		`not an address`,
		``,
	} {
		wa, wok := parseAddressOnce(s)
		for i := 0; i < 2; i++ {
			a, ok := ParseAddress(s)
			if ok != wok || !reflect.DeepEqual(a, wa) {
				t.Fatalf("ParseAddress(%q) call %d = %+v, %v; the parse gives %+v, %v", s, i, a, ok, wa, wok)
			}
			if len(a.Modules) > 0 {
				a.Modules[0].Name = "changed"
			}
		}
	}
	for _, p := range []string{"identity[0].oidc[0].issuer", "arn", "[0]", "not a path!"} {
		want := pathAttrs(p)
		for i := 0; i < 2; i++ {
			got := HoleRef{Object: "aws_eks_cluster.this", Path: p}.Attrs()
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("Attrs of %q call %d = %q, the parse gives %q", p, i, got, want)
			}
			if len(got) > 0 {
				got[0] = "changed"
			}
		}
	}
}

// TestParseMemoBounded checks that the memo keeps no more than
// maxMemoized strings and still answers past them.
func TestParseMemoBounded(t *testing.T) {
	var m parseMemo[int]
	calls := 0
	parse := func(s string) int { calls++; return len(s) }
	for i := 0; i < maxMemoized+10; i++ {
		if got := m.get(strconv.Itoa(i), parse); got != len(strconv.Itoa(i)) {
			t.Fatalf("get(%d) = %d", i, got)
		}
	}
	if n := m.n.Load(); n != maxMemoized {
		t.Fatalf("memo holds %d strings, want %d", n, maxMemoized)
	}
	calls = 0
	m.get("0", parse)
	m.get(strconv.Itoa(maxMemoized+5), parse)
	if calls != 1 {
		t.Fatalf("%d parses for one kept and one unkept string, want 1", calls)
	}
}

// TestHoleRefStringManifestObject: a hole in a manifest object (eksctl's
// cluster security group) reads as its kind and name, not as the
// address the parser made of its file and document; Terraform addresses
// keep their own form, instance keys included.
func TestHoleRefStringManifestObject(t *testing.T) {
	for _, c := range []struct {
		ref  HoleRef
		want string
	}{
		{HoleRef{Object: "eks/nodegroup-system.yaml#0/ClusterConfig/prod", Path: "ControlPlane.ClusterSecurityGroupId"}, "ClusterConfig/prod.ControlPlane.ClusterSecurityGroupId"},
		{HoleRef{Object: "infra/eks:aws_eks_cluster.this", Path: "vpc_config[0].cluster_security_group_id"}, "aws_eks_cluster.this.vpc_config[0].cluster_security_group_id"},
		{HoleRef{Object: `aws_iam_role.x["team#1/a"]`, Path: "arn"}, `aws_iam_role.x["team#1/a"].arn`},
		{HoleRef{Object: "notes#draft/ClusterConfig/x"}, "notes#draft/ClusterConfig/x"},
	} {
		if got := c.ref.String(); got != c.want {
			t.Errorf("%+v: String() = %q, want %q", c.ref, got, c.want)
		}
	}
}
