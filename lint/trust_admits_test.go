package lint

import "testing"

// TestTrustAdmits: No only when every statement is read and none of the
// Allow statements names both the principal and the action; a statement
// with a hole in its effect, principal or actions makes every answer
// Maybe, but one whose holes are in AWS principals only for an action it
// does not list.
func TestTrustAdmits(t *testing.T) {
	h := NewHoles()
	hole := h.Sentinel(HoleRef{Object: "r:var.principal"})
	web := func(tr Trust) Tri { return tr.Admits(FederatedPrincipal, "sts:AssumeRoleWithWebIdentity") }
	pods := ServicePrincipal("pods.eks.amazonaws.com")
	for _, c := range []struct {
		name, policy     string
		web, assume, tag Tri
	}{
		{"ec2 only", `{"Statement":[{"Effect":"Allow","Principal":{"Service":"ec2.amazonaws.com"},"Action":"sts:AssumeRole"}]}`, No, No, No},
		{"account root", `{"Statement":{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::111122223333:root"},"Action":["sts:AssumeRole","sts:TagSession"]}}`, No, No, No},
		{"IRSA", `{"Statement":[{"Effect":"Allow","Principal":{"Federated":"arn:aws:iam::1:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/A"},"Action":"sts:AssumeRoleWithWebIdentity","Condition":{"StringEquals":{"x:sub":"y"}}}]}`, Yes, No, No},
		{"IRSA through a wildcard action", `{"Statement":[{"Effect":"Allow","Principal":{"Federated":"` + hole + `"},"Action":"sts:AssumeRole*"}]}`, Yes, No, No},
		{"pod identity", `{"Statement":[{"Effect":"Allow","Principal":{"Service":"pods.eks.amazonaws.com"},"Action":["sts:AssumeRole","sts:TagSession"]}]}`, No, Yes, Yes},
		{"pod identity without TagSession", `{"Statement":[{"Effect":"Allow","Principal":{"Service":["pods.eks.amazonaws.com"]},"Action":"sts:AssumeRole"}]}`, No, Yes, No},
		{"a Deny grants nothing", `{"Statement":[{"Effect":"Deny","Principal":{"Federated":"x"},"Action":"sts:AssumeRoleWithWebIdentity"},{"Effect":"Allow","Principal":{"Service":"ec2.amazonaws.com"},"Action":"sts:AssumeRole"}]}`, No, No, No},
		{"NotAction excluding the action", `{"Statement":[{"Effect":"Allow","Principal":{"Federated":"x"},"NotAction":"sts:AssumeRoleWithWebIdentity"}]}`, No, No, No},
		{"NotAction granting the action", `{"Statement":[{"Effect":"Allow","Principal":{"Service":"pods.eks.amazonaws.com"},"NotAction":"sts:AssumeRoleWithSAML"}]}`, No, Yes, Yes},
		{"NotPrincipal", `{"Statement":[{"Effect":"Allow","NotPrincipal":{"AWS":"arn:aws:iam::1:root"},"Action":"sts:*"}]}`, Maybe, Maybe, Maybe},
		{"a service principal with a hole", `{"Statement":[{"Effect":"Allow","Principal":{"Service":"` + hole + `"},"Action":"sts:AssumeRole"}]}`, Maybe, Maybe, Maybe},
		// An AWS principal with a hole (it may be "*") is granted only
		// the actions listed.
		{"an AWS principal with a hole", `{"Statement":[{"Effect":"Allow","Principal":{"AWS":"` + hole + `"},"Action":"sts:AssumeRoleWithWebIdentity"}]}`, Maybe, No, No},
		{"an account root with a hole", `{"Statement":[{"Effect":"Allow","Principal":{"AWS":"arn:aws:iam::` + hole + `:root"},"Action":"sts:AssumeRole"}]}`, No, Maybe, No},
		{"a principal type with a hole", `{"Statement":[{"Effect":"Allow","Principal":{"` + hole + `":"x"},"Action":"sts:AssumeRoleWithWebIdentity"}]}`, Maybe, Maybe, Maybe},
		{"an action with a hole", `{"Statement":[{"Effect":"Allow","Principal":{"Service":"pods.eks.amazonaws.com"},"Action":["sts:AssumeRole","` + hole + `"]}]}`, Maybe, Maybe, Maybe},
		{"an effect with a hole", `{"Statement":[{"Effect":"` + hole + `","Principal":{"Service":"ec2.amazonaws.com"},"Action":"sts:AssumeRole"}]}`, Maybe, Maybe, Maybe},
		{"anyone", `{"Statement":[{"Effect":"Allow","Principal":"*","Action":"sts:AssumeRoleWithWebIdentity"}]}`, Maybe, No, No},
		{"a statement that is not an object", `{"Statement":[{"Effect":"Allow","Principal":{"Service":"ec2.amazonaws.com"},"Action":"sts:AssumeRole"},"` + hole + `"]}`, Maybe, Maybe, Maybe},
	} {
		tr, err := ParseTrustPolicy(c.policy, h, Range{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := web(tr); got != c.web {
			t.Errorf("%s: web identity %s, want %s", c.name, got, c.web)
		}
		if got := tr.Admits(pods, "sts:AssumeRole"); got != c.assume {
			t.Errorf("%s: pods AssumeRole %s, want %s", c.name, got, c.assume)
		}
		if got := tr.Admits(pods, "sts:TagSession"); got != c.tag {
			t.Errorf("%s: pods TagSession %s, want %s", c.name, got, c.tag)
		}
	}
	if (Trust{}).Admits(FederatedPrincipal, "sts:AssumeRoleWithWebIdentity") != Maybe {
		t.Error("an unknown trust admits Maybe")
	}
}
