package lint

import "testing"

// TestModelIRSA: a web-identity statement is an IRSA trust only when its
// provider is traced to an EKS cluster; another provider is No, and a
// provider nothing traces is Maybe.
func TestModelIRSA(t *testing.T) {
	m := &Model{}
	cluster := HoleRef{Object: "r:aws_eks_cluster.main", Path: "identity[0].oidc[0].issuer"}
	m.Add(
		&OIDCProvider{Object: Object{Kind: KindOIDCProvider, Addr: "r:aws_iam_openid_connect_provider.eks"}, URL: Hole(cluster)},
		&OIDCProvider{Object: Object{Kind: KindOIDCProvider, Addr: "r:aws_iam_openid_connect_provider.github"}, URL: Known("https://token.actions.githubusercontent.com")},
		&OIDCProvider{Object: Object{Kind: KindOIDCProvider, Addr: "r:aws_iam_openid_connect_provider.given"}, URL: Hole(HoleRef{Object: "r:var.url"})},
		&OIDCProvider{Object: Object{Kind: KindOIDCProvider, Addr: "r:data.aws_iam_openid_connect_provider.self"}, URL: Hole(HoleRef{Object: "r:data.aws_iam_openid_connect_provider.self", Path: "url"})},
	)
	m.Add(&ModuleCall{Object: Object{Kind: KindModuleCall, Addr: "r:module.eks"}, Module: "terraform-aws-modules/eks/aws"},
		&ModuleCall{Object: Object{Kind: KindModuleCall, Addr: "r:module.ci"}, Module: "terraform-aws-modules/iam/aws//modules/iam-github-oidc-provider"})
	derived := cluster
	derived.Anonymous = true
	fresh := HoleRef{Object: "anonymous#3", Anonymous: true}
	ref := func(obj, path string) Value { return Hole(HoleRef{Object: obj, Path: path}) }
	key := func(issuer Value) TrustCondition {
		return TrustCondition{Operator: "StringEquals", Key: Concat(issuer, Known(":sub")), Values: []Value{Known("x")}}
	}
	for _, c := range []struct {
		name string
		fed  Value
		key  Value
		want Tri
	}{
		{"literal EKS provider ARN", Known("arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABC"), Unknown(), Yes},
		{"provider of the tree with a cluster's issuer", ref("r:aws_iam_openid_connect_provider.eks", "arn"), Unknown(), Yes},
		{"GitHub provider of the tree", ref("r:aws_iam_openid_connect_provider.github", "arn"), Unknown(), No},
		{"provider whose url is a variable", ref("r:aws_iam_openid_connect_provider.given", "arn"), Unknown(), Maybe},
		{"data source whose url is its own", ref("r:data.aws_iam_openid_connect_provider.self", "arn"), Unknown(), Maybe},
		{"provider not in the tree", ref("r:aws_iam_openid_connect_provider.gone", "arn"), Unknown(), Maybe},
		{"another attribute of the provider", ref("r:aws_iam_openid_connect_provider.eks", "tags"), Unknown(), Maybe},
		{"ARN around replace() of the cluster issuer", Concat(Known("arn:aws:iam::1:oidc-provider/"), Hole(derived)), Unknown(), Yes},
		{"ARN around a fresh anonymous hole", Concat(Known("arn:aws:iam::1:oidc-provider/"), Hole(fresh)), Unknown(), Maybe},
		{"another attribute of the cluster", ref("r:aws_eks_cluster.main", "arn"), Unknown(), Maybe},
		{"eks module output", ref("r:module.eks", "oidc_provider_arn"), Unknown(), Yes},
		{"eks module issuer output, replaced", Concat(Known("arn:aws:iam::1:oidc-provider/"), Hole(HoleRef{Object: "r:module.eks", Path: "cluster_oidc_issuer_url", Anonymous: true})), Unknown(), Yes},
		{"another output of the eks module", ref("r:module.eks", "cluster_arn"), Unknown(), Maybe},
		{"another module's output", ref("r:module.ci", "oidc_provider_arn"), Unknown(), Maybe},
		{"a module not read", ref("r:module.other", "oidc_provider_arn"), Unknown(), Maybe},
		{"variable principal, key on the cluster issuer", ref("r:var.arn", ""), Hole(derived), Yes},
		{"variable principal, GitHub key", ref("r:var.arn", ""), Known("token.actions.githubusercontent.com"), No},
		{"variable principal, variable key", ref("r:var.arn", ""), ref("r:var.issuer", ""), Maybe},
		{"Cognito", Known("cognito-identity.amazonaws.com"), Known("cognito-identity.amazonaws.com"), No},
		{"Terraform Cloud", Known("arn:aws:iam::1:oidc-provider/app.terraform.io"), Unknown(), No},
		{"GitLab", Known("arn:aws:iam::1:oidc-provider/gitlab.com"), Unknown(), No},
	} {
		st := TrustStatement{Effect: "Allow", Actions: []string{"sts:AssumeRoleWithWebIdentity"}, Federated: []Value{c.fed}}
		if !c.key.IsUnknown() {
			st.Conditions = []TrustCondition{key(c.key)}
		}
		ws := Trust{Known: true, Statements: []TrustStatement{st}}.WebIdentities()
		if len(ws) != 1 {
			t.Fatalf("%s: %d web identities", c.name, len(ws))
		}
		if got := m.IRSA(ws[0]); got != c.want {
			t.Errorf("%s: IRSA = %s, want %s", c.name, got, c.want)
		}
	}
}

// TestSTSAudience: an STS audience is sts.amazonaws.com (or .cn), or
// "sts." and a partition's DNS suffix; nothing else is.
func TestSTSAudience(t *testing.T) {
	suffix := Hole(HoleRef{Object: "module.eks.data.aws_partition.current", Path: "dns_suffix"})
	other := Hole(HoleRef{Object: "var.audience"})
	for _, c := range []struct {
		v    Value
		want bool
	}{
		{Known("sts.amazonaws.com"), true},
		{Known("sts.amazonaws.com.cn"), true},
		{Concat(Known("sts."), suffix), true},
		{Known("vault"), false},
		{Known("sts.example.com"), false},
		{Concat(Known("sts."), other), false},
		{suffix, false},
		{Unknown(), false},
	} {
		if got := STSAudience(c.v); got != c.want {
			t.Errorf("STSAudience(%s) = %v, want %v", c.v, got, c.want)
		}
	}
}
