package lint

import "testing"

// TestTrustNames pins how a web-identity statement is linked to an OIDC
// provider: each way it names one, and each way it names another.
func TestTrustNames(t *testing.T) {
	const issuer = "oidc.eks.us-east-1.amazonaws.com/id/AAAA1111BBBB2222CCCC3333DDDD4444"
	const other = "oidc.eks.us-east-1.amazonaws.com/id/EEEE5555FFFF6666AAAA7777BBBB8888"
	clusterIssuer := HoleRef{Object: "infra:aws_eks_cluster.main", Path: "identity[0].oidc[0].issuer"}
	derived := clusterIssuer
	derived.Anonymous = true // replace(…, "https://", "")
	byAddr := &OIDCProvider{Object: Object{Addr: "infra:aws_iam_openid_connect_provider.eks[0]"}, URL: Hole(clusterIssuer), ARN: Hole(HoleRef{Object: "infra:aws_iam_openid_connect_provider.eks[0]", Path: "arn"})}
	inModule := &OIDCProvider{Object: Object{Addr: "infra:module.eks.aws_iam_openid_connect_provider.oidc_provider[0]"}, URL: Unknown(), ARN: Unknown()}
	literal := &OIDCProvider{Object: Object{Addr: "infra:aws_iam_openid_connect_provider.lit", Scope: Scope{Account: "111122223333"}}, URL: Known("https://" + issuer), ARN: Unknown()}
	arnOf := func(acct, iss string) Value { return Known("arn:aws:iam::" + acct + ":oidc-provider/" + iss) }
	m := &Model{}
	m.Add(&ModuleCall{Object: Object{Addr: "infra:module.eks"}, Module: "terraform-aws-modules/eks/aws"})
	for name, tc := range map[string]struct {
		p    *OIDCProvider
		fed  []Value
		keys []Value
		want Tri
		via  bool
	}{
		"reference to the address":             {byAddr, []Value{Hole(HoleRef{Object: "infra:aws_iam_openid_connect_provider.eks[0]", Path: "arn"})}, nil, Yes, false},
		"reference without the instance key":   {byAddr, []Value{Hole(HoleRef{Object: "infra:aws_iam_openid_connect_provider.eks", Path: "arn"})}, nil, Yes, false},
		"reference to another instance":        {byAddr, []Value{Hole(HoleRef{Object: "infra:aws_iam_openid_connect_provider.eks[1]", Path: "arn"})}, nil, Maybe, false},
		"reference in another root":            {byAddr, []Value{Hole(HoleRef{Object: "other:aws_iam_openid_connect_provider.eks[0]", Path: "arn"})}, nil, Maybe, false},
		"ARN built from the cluster's issuer":  {byAddr, []Value{Concat(Known("arn:aws:iam::"), Hole(HoleRef{Object: "infra:data.aws_caller_identity.current", Path: "account_id"}), Known(":oidc-provider/"), Hole(derived))}, nil, Yes, false},
		"condition keys on the issuer":         {byAddr, []Value{Hole(HoleRef{Object: "infra:var.provider_arn"})}, []Value{Concat(Hole(derived), Known(":sub"))}, Yes, false},
		"another cluster's issuer":             {byAddr, []Value{Concat(Known("arn:aws:iam::"), Hole(HoleRef{Object: "infra:data.aws_caller_identity.current", Path: "account_id"}), Known(":oidc-provider/"), Hole(HoleRef{Object: "infra:aws_eks_cluster.other", Path: "identity[0].oidc[0].issuer", Anonymous: true}))}, nil, Maybe, false},
		"eks module's provider output":         {inModule, []Value{Hole(HoleRef{Object: "infra:module.eks", Path: "oidc_provider_arn"})}, nil, Yes, false},
		"eks module's issuer in the keys":      {inModule, []Value{Known("")}, []Value{Concat(Hole(HoleRef{Object: "infra:module.eks", Path: "oidc_provider"}), Known(":sub"))}, Yes, false},
		"eks module's issuer, no principal":    {inModule, nil, []Value{Concat(Hole(HoleRef{Object: "infra:module.eks", Path: "oidc_provider"}), Known(":sub"))}, Yes, false},
		"another module's provider output":     {inModule, []Value{Hole(HoleRef{Object: "infra:module.eks_blue", Path: "oidc_provider_arn"})}, nil, Maybe, false},
		"an output of the module, not its ARN": {inModule, []Value{Hole(HoleRef{Object: "infra:module.eks", Path: "cluster_arn"})}, nil, Maybe, false},
		"literal ARN of its issuer":            {literal, []Value{arnOf("111122223333", issuer)}, nil, Yes, false},
		"literal ARN in another account":       {literal, []Value{arnOf("444455556666", issuer)}, nil, No, false},
		"literal ARN of another issuer":        {literal, []Value{arnOf("111122223333", other)}, nil, No, false},
		"GitHub Actions":                       {literal, []Value{arnOf("111122223333", "token.actions.githubusercontent.com")}, nil, No, false},
		"issuer in the keys, no principal":     {literal, nil, []Value{Known(issuer + ":sub")}, Yes, false},
		"another issuer in the keys":           {literal, nil, []Value{Known(other + ":sub")}, No, false},
	} {
		t.Run(name, func(t *testing.T) {
			st := TrustStatement{Effect: "Allow", Actions: []string{"sts:AssumeRoleWithWebIdentity"}, Federated: tc.fed}
			w := WebIdentity{Statement: st}
			for _, k := range tc.keys {
				w.SubConditions = append(w.SubConditions, TrustCondition{Operator: "StringEquals", Key: k})
			}
			got := m.TrustNames(w, tc.p)
			if got.Names != tc.want || (got.Via != "") != tc.via {
				t.Errorf("got %+v, want %v (via: %v)", got, tc.want, tc.via)
			}
		})
	}
	// A module whose code was not read: its output is taken to be the ARN
	// by its name, inferred.
	bare := &Model{}
	w := WebIdentity{Statement: TrustStatement{Federated: []Value{Hole(HoleRef{Object: "infra:module.eks", Path: "eks_oidc_provider_arn"})}}}
	if got := bare.TrustNames(w, inModule); got.Names != Yes || got.Via != "module.eks.eks_oidc_provider_arn" {
		t.Errorf("unread module: %+v", got)
	}
}
