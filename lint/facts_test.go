package lint

import (
	"reflect"
	"testing"
)

// A rule resting on some facts of an entity takes as inferred only the
// entries whose model versions differ on one of them; entries about the
// whole entity always count.
func TestInferredFor(t *testing.T) {
	o := &Object{
		Inferred: []string{"actions differ", "subjects differ", "assumed version"},
		InferredOn: map[string][]Fact{
			"actions differ":  nil, // none of the facts: only the rest
			"subjects differ": {FactTrustSubjects},
		},
	}
	if got, want := o.InferredFor(FactIdentity, FactTrustSubjects), []string{"subjects differ", "assumed version"}; !reflect.DeepEqual(got, want) {
		t.Errorf("subject rule: %v, want %v", got, want)
	}
	if got, want := o.InferredFor(FactTrustAudience), []string{"assumed version"}; !reflect.DeepEqual(got, want) {
		t.Errorf("audience rule: %v, want %v", got, want)
	}
}

// A role's subject and audience facts leave out what IRSA rules do not
// read (the actions of a web-identity statement, other statements) and
// keep what they do.
func TestFactsOfRole(t *testing.T) {
	role := func(actions []string, sub string) *Role {
		fed := []Value{Known("arn:aws:iam::1:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/AB")}
		return &Role{Object: Object{Kind: KindRole, Addr: "r"}, Trust: Trust{Known: true, Statements: []TrustStatement{
			{Effect: "Allow", Actions: actions, Federated: fed, Conditions: []TrustCondition{
				{Operator: "StringEquals", Key: Known("oidc.eks.eu-west-1.amazonaws.com/id/AB:sub"), Values: []Value{Known(sub)}},
				{Operator: "StringEquals", Key: Known("oidc.eks.eu-west-1.amazonaws.com/id/AB:aud"), Values: []Value{Known("sts.amazonaws.com")}},
			}},
			{Effect: "Allow", Actions: []string{"sts:AssumeRole"}, Services: []string{"ec2.amazonaws.com"}},
		}}}
	}
	web := []string{"sts:AssumeRoleWithWebIdentity"}
	a := Facts(role(web, "system:serviceaccount:a:b"))
	b := Facts(role(append(web, "sts:TagSession"), "system:serviceaccount:a:b"))
	c := Facts(role(web, "system:serviceaccount:x:b"))
	d := Facts(role([]string{"sts:AssumeRole"}, "system:serviceaccount:a:b"))
	if !reflect.DeepEqual(a, b) {
		t.Errorf("actions alone changed the facts: %+v vs %+v", a, b)
	}
	if reflect.DeepEqual(a[FactTrustSubjects], c[FactTrustSubjects]) || !reflect.DeepEqual(a[FactTrustAudience], c[FactTrustAudience]) {
		t.Errorf("another subject must change the subjects, not the audience")
	}
	if reflect.DeepEqual(a[FactTrustSubjects], d[FactTrustSubjects]) {
		t.Errorf("a statement that is no longer a web-identity one must change the subjects")
	}
	if Facts(&ServiceAccount{}) != nil {
		t.Errorf("a service account states no facts apart")
	}
}
