package lint

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"
)

func TestParseTrustPolicyIRSA(t *testing.T) {
	h := NewHoles()
	issuer := h.Sentinel(HoleRef{Object: "infra:module.eks", Path: "oidc_provider"})
	arn := h.Sentinel(HoleRef{Object: "infra:module.eks", Path: "oidc_provider_arn"})
	text := `{
  "Version": "2012-10-17",
  "Statement": [{
    "Effect": "Allow",
    "Action": "sts:AssumeRoleWithWebIdentity",
    "Principal": {"Federated": "` + arn + `"},
    "Condition": {
      "StringEquals": {"` + issuer + `:aud": "sts.amazonaws.com"},
      "StringLike": {"` + issuer + `:sub": ["system:serviceaccount:karpenter:*"]}
    }
  }]
}`
	rng := Range{File: "main.tf", Line: 3}
	tr, err := ParseTrustPolicy(text, h, rng)
	if err != nil {
		t.Fatal(err)
	}
	if !tr.Known || tr.Range != rng || len(tr.Statements) != 1 {
		t.Fatalf("trust = %+v", tr)
	}
	st := tr.Statements[0]
	if st.Effect != "Allow" || len(st.Actions) != 1 || st.Actions[0] != "sts:AssumeRoleWithWebIdentity" || !st.HasAction("sts:AssumeRoleWithWebIdentity") {
		t.Fatalf("statement = %+v", st)
	}
	if len(st.Federated) != 1 {
		t.Fatalf("federated = %v", st.Federated)
	}
	if ref, ok := st.Federated[0].SoleRef(); !ok || ref.Path != "oidc_provider_arn" {
		t.Errorf("federated = %v", st.Federated[0])
	}
	if len(st.Conditions) != 2 {
		t.Fatalf("conditions = %+v", st.Conditions)
	}
	aud, sub := st.Conditions[0], st.Conditions[1]
	if aud.Operator != "StringEquals" || aud.Key.Suffix() != ":aud" || aud.Key.String() != "${module.eks.oidc_provider}:aud" || len(aud.Values) != 1 {
		t.Errorf("aud = %+v (%s)", aud, aud.Key)
	}
	if s, _ := aud.Values[0].Str(); s != "sts.amazonaws.com" {
		t.Errorf("aud value = %v", aud.Values[0])
	}
	if sub.Operator != "StringLike" || sub.Key.Suffix() != ":sub" || len(sub.Values) != 1 || sub.Range != rng {
		t.Errorf("sub = %+v", sub)
	}
	if s, _ := sub.Values[0].Str(); s != "system:serviceaccount:karpenter:*" {
		t.Errorf("sub value = %v", sub.Values[0])
	}
}

func TestParseTrustPolicyForms(t *testing.T) {
	text := `{"Statement": {
		"Action": ["sts:AssumeRole", "sts:TagSession"],
		"Principal": {"Service": ["pods.eks.amazonaws.com"], "AWS": "arn:aws:iam::111122223333:root"}
	}}`
	tr, err := ParseTrustPolicy(text, nil, Range{})
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Statements) != 1 {
		t.Fatalf("trust = %+v", tr)
	}
	st := tr.Statements[0]
	if st.Effect != "Allow" || len(st.Actions) != 2 || !st.HasAction("sts:TagSession") || st.HasAction("sts:AssumeRoleWithWebIdentity") {
		t.Errorf("statement = %+v", st)
	}
	if len(st.Services) != 1 || st.Services[0] != "pods.eks.amazonaws.com" {
		t.Errorf("services = %v", st.Services)
	}
	if len(st.AWS) != 1 || st.AWS[0].String() != "arn:aws:iam::111122223333:root" {
		t.Errorf("aws = %v", st.AWS)
	}

	tr, err = ParseTrustPolicy(`{"Statement":[{"Effect":"Deny","Action":"*","Principal":"*","Condition":{"Bool":{"aws:SecureTransport":false}}}]}`, nil, Range{})
	if err != nil {
		t.Fatal(err)
	}
	st = tr.Statements[0]
	if st.Effect != "Deny" || !st.HasAction("sts:AssumeRole") || len(st.AWS) != 1 || st.AWS[0].String() != "*" {
		t.Errorf("statement = %+v", st)
	}
	if len(st.Conditions) != 1 || st.Conditions[0].Values[0].String() != "false" {
		t.Errorf("conditions = %+v", st.Conditions)
	}

	// A hole nobody registered is wholly unknown, never a crash.
	tr, err = ParseTrustPolicy("{\"Statement\":[{\"Principal\":{\"Federated\":\"\uE000z\uE001\"}}]}", nil, Range{})
	if err != nil || !tr.Statements[0].Federated[0].IsUnknown() {
		t.Errorf("trust = %+v, %v", tr, err)
	}
}

func TestParseTrustPolicyInvalid(t *testing.T) {
	for _, c := range []struct {
		text string
		line int
	}{
		{"{\n  \"Statement\": [\n    {\"Effect\": \"Allow\",}\n  ]\n}", 3},
		{"{\n  \"Statement\": [\n", 2},
		{"", 1},
		{"[1, 2]", 1},
		{"{}\n\n}", 3},
		{"{\n\"a\": \"b\nc\"}", 2},
	} {
		tr, err := ParseTrustPolicy(c.text, nil, Range{})
		var te *TrustError
		if !errors.As(err, &te) {
			t.Errorf("%q: err = %v", c.text, err)
			continue
		}
		if te.Line != c.line || tr.Known {
			t.Errorf("%q: line %d (%s), want %d", c.text, te.Line, te.Msg, c.line)
		}
	}
}

// Condition keys holding holes come out in the same order whatever the
// holes' sentinels are: here two runs interned the same two references
// in opposite orders (as parallel roots may), so one run's sentinels
// sort one way and the other's the other way.
func TestTrustConditionOrderIgnoresSentinelNumbers(t *testing.T) {
	eks := HoleRef{Object: "infra:module.eks", Path: "oidc_provider"}
	other := HoleRef{Object: "infra:module.other", Path: "oidc_provider"}
	order := func(first, second HoleRef) []string {
		h := NewHoles()
		h.Sentinel(first)
		h.Sentinel(second)
		policy := `{"Statement": [{"Effect": "Allow", "Action": "sts:AssumeRoleWithWebIdentity",
			"Principal": {"Federated": "arn"},
			"Condition": {"StringEquals": {"` + h.Sentinel(eks) + `:sub": "system:serviceaccount:a:b", "` + h.Sentinel(other) + `:aud": "sts.amazonaws.com"}}}]}`
		tr, err := ParseTrustPolicy(policy, h, Range{File: "iam.tf", Line: 1})
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		for _, c := range tr.Statements[0].Conditions {
			keys = append(keys, c.Key.String())
		}
		return keys
	}
	a, b := order(eks, other), order(other, eks)
	want := []string{"${module.eks.oidc_provider}:sub", "${module.other.oidc_provider}:aud"}
	if !slices.Equal(a, want) || !slices.Equal(b, want) {
		t.Errorf("condition keys %q and %q, want %q in both runs", a, b, want)
	}
}

// A hole where a condition, or an operator's keys, should be (a value
// known only at apply, encoded by jsonencode) is a condition on a key not
// known, never no condition at all.
func TestTrustConditionHoles(t *testing.T) {
	h := NewHoles()
	hole := h.Anonymous()
	for name, cond := range map[string]string{
		"condition":       `"Condition": ` + jsonString(hole),
		"operator's keys": `"Condition": {"StringEquals": ` + jsonString(hole) + `}`,
	} {
		text := `{"Statement": [{"Effect": "Allow", "Action": "sts:AssumeRoleWithWebIdentity", "Principal": {"Federated": "arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/AB"}, ` + cond + `}]}`
		tr, err := ParseTrustPolicy(text, h, Range{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		ws := tr.WebIdentities()
		if len(ws) != 1 || len(ws[0].UnknownClaims) != 1 || len(ws[0].SubConditions) != 0 {
			t.Errorf("%s: web identities %+v", name, ws)
		}
	}
}

// jsonString is s as a JSON string.
func jsonString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
