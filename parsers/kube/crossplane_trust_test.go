package kube_test

import (
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
	"github.com/faultline-dev/faultline/parsers/kube"
)

func crossplaneRoles(t *testing.T, src string, opts kube.Options, wantDiags ...string) map[string]*lint.Role {
	t.Helper()
	ents, diags := kube.Parse("roles.yaml", []byte(src), opts)
	if len(diags) != len(wantDiags) {
		t.Fatalf("diagnostics: %v, want %d", diags, len(wantDiags))
	}
	for i, d := range diags {
		if got := d.Range.String() + " " + d.Summary; got != wantDiags[i] {
			t.Errorf("diagnostic %d = %q, want %q", i, got, wantDiags[i])
		}
	}
	out := map[string]*lint.Role{}
	for _, e := range ents {
		if r, ok := e.(*lint.Role); ok {
			n, _ := r.Name.Str()
			out[n] = r
		}
	}
	return out
}

func TestCrossplaneRoleTrust(t *testing.T) {
	h := lint.NewHoles()
	issuer := h.Sentinel(lint.HoleRef{Object: "infra:module.eks", Path: "oidc_provider"})
	src := `apiVersion: iam.aws.upbound.io/v1beta1
kind: Role
metadata:
  name: karpenter
spec:
  forProvider:
    assumeRolePolicy: |
      {
        "Version": "2012-10-17",
        "Statement": [{
          "Effect": "Allow",
          "Action": "sts:AssumeRoleWithWebIdentity",
          "Principal": {"Federated": "arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/ABC"},
          "Condition": {"StringEquals": {"` + issuer + `:sub": "system:serviceaccount:karpenter:karpenter"}}
        }]
      }
---
apiVersion: iam.aws.crossplane.io/v1beta1
kind: Role
metadata:
  name: pods
spec:
  forProvider:
    assumeRolePolicyDocument: '{"Statement":[{"Effect":"Allow","Principal":{"Service":"pods.eks.amazonaws.com"},"Action":["sts:AssumeRole","sts:TagSession"]}]}'
---
apiVersion: iam.aws.upbound.io/v1beta1
kind: Role
metadata:
  name: broken
spec:
  forProvider:
    assumeRolePolicy: '{"Statement": ['
---
apiVersion: iam.aws.upbound.io/v1beta1
kind: Role
metadata:
  name: none
spec:
  forProvider: {}
`
	roles := crossplaneRoles(t, src, kube.Options{Holes: h}, "roles.yaml:32:23 invalid trust policy")

	k := roles["karpenter"]
	if k == nil || !k.Trust.Known || len(k.Trust.Statements) != 1 {
		t.Fatalf("karpenter trust = %+v", k)
	}
	if k.Trust.Range.File != "roles.yaml" || k.Trust.Range.Line != 7 {
		t.Errorf("range = %v", k.Trust.Range)
	}
	st := k.Trust.Statements[0]
	if !st.HasAction("sts:AssumeRoleWithWebIdentity") || len(st.Federated) != 1 || !st.Federated[0].IsKnown() || len(st.Conditions) != 1 {
		t.Fatalf("statement = %+v", st)
	}
	c := st.Conditions[0]
	if c.Operator != "StringEquals" || c.Key.Suffix() != ":sub" || c.Key.String() != "${module.eks.oidc_provider}:sub" ||
		c.Values[0].String() != "system:serviceaccount:karpenter:karpenter" || c.Range != k.Trust.Range {
		t.Errorf("condition = %+v", c)
	}

	p := roles["pods"]
	if p == nil || !p.Trust.Known || len(p.Trust.Statements) != 1 || len(p.Trust.Statements[0].Services) != 1 ||
		p.Trust.Statements[0].Services[0] != "pods.eks.amazonaws.com" || !p.Trust.Statements[0].HasAction("sts:TagSession") {
		t.Errorf("pod identity trust = %+v", p)
	}
	if b := roles["broken"]; b == nil || b.Trust.Known || b.Trust.Range.Line != 32 {
		t.Errorf("broken trust = %+v", b)
	}
	if n := roles["none"]; n == nil || n.Trust.Known || !n.Trust.Range.IsZero() {
		t.Errorf("no trust = %+v", n)
	}

	// Without a codec the issuer is wholly unknown, never a crash.
	roles = crossplaneRoles(t, src, kube.Options{}, "roles.yaml:32:23 invalid trust policy")
	if k := roles["karpenter"]; k == nil || !k.Trust.Statements[0].Conditions[0].Key.IsUnknown() {
		t.Errorf("trust without holes = %+v", k)
	}
}

// ec2Trust is the node-role trust policy the fixtures write.
func ec2Trust(r lint.Range) lint.Trust {
	return lint.Trust{Known: true, Range: r, Statements: []lint.TrustStatement{
		{Effect: "Allow", Actions: []string{"sts:AssumeRole"}, Services: []string{"ec2.amazonaws.com"}, Range: r, ActionsRead: true},
	}}
}

// emptyTrust is a policy without statements.
func emptyTrust(r lint.Range) lint.Trust { return lint.Trust{Known: true, Range: r} }

func TestCrossplaneInvalidTrustIsDiagnostic(t *testing.T) {
	src := `apiVersion: iam.aws.upbound.io/v1beta1
kind: Role
metadata:
  name: karpenter-controller
spec:
  forProvider:
    assumeRolePolicy: |
      {
        "Version": "2012-10-17",
        "Statement": [{
          "Effect": "Allow",
          "Principal": {"Federated": "arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/EXAMPLE"},
          "Action": "sts:AssumeRoleWithWebIdentity",
        }]
      }
---
apiVersion: iam.aws.upbound.io/v1beta1
kind: Role
metadata:
  name: nodes
spec:
  forProvider:
    assumeRolePolicy: '{"Version": "2012-10-17", "Statement": ['
`
	es, diags := kube.ParseFile("xp/roles.yaml", []byte(src), lint.Scope{})
	if len(es) != 2 {
		t.Fatalf("got %d entities, want both roles", len(es))
	}
	if len(diags) != 2 {
		t.Fatalf("diagnostics = %v, want one per role", diags)
	}
	if diags[0].Range.Line != 14 || !strings.Contains(diags[0].Detail, "Role karpenter-controller") {
		t.Errorf("first diagnostic at line %d (%s), want 14, the line after the trailing comma", diags[0].Range.Line, diags[0].Detail)
	}
	if diags[1].Range.Line != 23 {
		t.Errorf("second diagnostic at line %d, want 23 (the flow value)", diags[1].Range.Line)
	}
	for _, e := range es {
		if r, ok := e.(*lint.Role); !ok || r.Trust.Known {
			t.Errorf("%v: trust should be unknown", e.Base().Label)
		}
	}
}

// A trust policy a substitution step fills in (envsubst, Flux postBuild)
// is unknown here, not invalid: no diagnostic, whether the placeholder is
// the whole value or a part of the JSON.
func TestCrossplaneTrustPlaceholderIsUnknown(t *testing.T) {
	src := `apiVersion: iam.aws.upbound.io/v1beta1
kind: Role
metadata:
  name: whole
spec:
  forProvider:
    assumeRolePolicy: ${NODE_TRUST_POLICY}
---
apiVersion: iam.aws.upbound.io/v1beta1
kind: Role
metadata:
  name: principal
spec:
  forProvider:
    assumeRolePolicy: |
      {"Statement": [{"Effect": "Allow", "Principal": ${TRUSTED_PRINCIPAL}, "Action": "sts:AssumeRole"}]}
`
	es, diags := kube.ParseFile("xp/roles.yaml", []byte(src), lint.Scope{})
	if len(es) != 2 {
		t.Fatalf("got %d entities, want both roles", len(es))
	}
	if len(diags) != 0 {
		t.Fatalf("diagnostics = %v, want none", diags)
	}
	for _, e := range es {
		if r, ok := e.(*lint.Role); !ok || r.Trust.Known {
			t.Errorf("%v: trust should be unknown", e.Base().Label)
		}
	}
}

// An expression left in the policy (HCL a generator wrote into an example)
// is no variable a substitution fills in: the policy is not JSON.
func TestCrossplaneTrustExpressionIsInvalid(t *testing.T) {
	src := `apiVersion: iam.aws.upbound.io/v1beta1
kind: Role
metadata:
  name: generated
spec:
  forProvider:
    assumeRolePolicy: |-
      ${jsonencode({
        Version = "2012-10-17"
      })}
`
	_, diags := kube.ParseFile("xp/roles.yaml", []byte(src), lint.Scope{})
	if len(diags) != 1 || diags[0].Summary != "invalid trust policy" {
		t.Fatalf("diagnostics = %v, want the invalid trust policy", diags)
	}
}
