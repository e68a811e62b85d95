package terraform

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// loadRoles loads dir and returns its roles by label, with the result.
func loadRoles(t *testing.T, dir string) (map[string]*lint.Role, Result) {
	t.Helper()
	res := Load([]string{dir}, Options{Root: dir, Holes: lint.NewHoles(), Rel: func(p string) string {
		r, _ := filepath.Rel(dir, p)
		return filepath.ToSlash(r)
	}})
	roles := map[string]*lint.Role{}
	for _, e := range res.Entities {
		if r, ok := e.(*lint.Role); ok {
			roles[r.Label] = r
		}
	}
	return roles, res
}

func role(t *testing.T, roles map[string]*lint.Role, label string) *lint.Role {
	t.Helper()
	r := roles[label]
	if r == nil {
		var have []string
		for k := range roles {
			have = append(have, k)
		}
		t.Fatalf("no role %s; have %v", label, have)
	}
	return r
}

// irsa checks a trust with one web identity statement whose sub condition
// on the EKS module's issuer names sub.
func irsa(t *testing.T, r *lint.Role, op, sub string) {
	t.Helper()
	tr := r.Trust
	if !tr.Known || len(tr.Statements) != 1 {
		t.Fatalf("%s: trust = %+v", r.Label, tr)
	}
	st := tr.Statements[0]
	if st.Effect != "Allow" || !st.HasAction("sts:AssumeRoleWithWebIdentity") || len(st.Federated) != 1 {
		t.Fatalf("%s: statement = %+v", r.Label, st)
	}
	if ref, ok := st.Federated[0].SoleRef(); !ok || ref.Path != "oidc_provider_arn" {
		t.Errorf("%s: federated = %v", r.Label, st.Federated[0])
	}
	found := false
	for _, c := range st.Conditions {
		if c.Key.Suffix() != ":sub" {
			continue
		}
		found = true
		if c.Operator != op || len(c.Values) != 1 || c.Values[0].String() != sub || c.Range != tr.Range {
			t.Errorf("%s: sub condition = %+v", r.Label, c)
		}
		if refs := c.Key.Refs(); len(refs) != 1 || refs[0].Path != "oidc_provider" {
			t.Errorf("%s: key = %v", r.Label, c.Key)
		}
	}
	if !found {
		t.Errorf("%s: no :sub condition in %+v", r.Label, st.Conditions)
	}
}

func TestTrustPolicyForms(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `
module "eks" {
  # A registry module faultline has no model of: its outputs are holes.
  source = "example-corp/eks/aws"
}
locals {
  sa = "karpenter"
}
resource "aws_iam_role" "jsonencode" {
  name = "karpenter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.eks.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${module.eks.oidc_provider}:sub" = "system:serviceaccount:karpenter:${local.sa}"
          "${module.eks.oidc_provider}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
data "aws_iam_policy_document" "base" {
  statement {
    actions = ["sts:AssumeRole"]
    principals {
      type        = "Service"
      identifiers = ["ec2.amazonaws.com"]
    }
  }
}
data "aws_iam_policy_document" "trust" {
  source_policy_documents = [data.aws_iam_policy_document.base.json]
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [module.eks.oidc_provider_arn]
    }
    condition {
      test     = "StringLike"
      variable = "${module.eks.oidc_provider}:sub"
      values   = ["system:serviceaccount:kube-system:ebs-*"]
    }
  }
}
resource "aws_iam_role" "document" {
  name               = "ebs"
  assume_role_policy = data.aws_iam_policy_document.trust.json
}
resource "aws_iam_role" "heredoc" {
  name               = "heredoc"
  assume_role_policy = <<-EOF
    {
      "Version": "2012-10-17",
      "Statement": [{
        "Effect": "Allow",
        "Action": "sts:AssumeRoleWithWebIdentity",
        "Principal": {"Federated": "${module.eks.oidc_provider_arn}"},
        "Condition": {"StringEquals": {"${module.eks.oidc_provider}:sub": "system:serviceaccount:apps:web"}}
      }]
    }
  EOF
}
resource "aws_iam_role" "templatefile" {
  name               = "tpl"
  assume_role_policy = templatefile("${path.module}/trust.json.tpl", { issuer = module.eks.oidc_provider, arn = module.eks.oidc_provider_arn, ns = "monitoring" })
}
resource "aws_iam_role" "pod_identity" {
  name               = "pods"
  assume_role_policy = file("${path.module}/pod-identity.json")
}
variable "policy" {}
resource "aws_iam_role" "unknown" {
  name               = "unknown"
  assume_role_policy = var.policy
}
resource "aws_iam_role" "none" {
  name = "none"
}
`,
		"trust.json.tpl": `{
  "Statement": [{
    "Action": ["sts:AssumeRoleWithWebIdentity"],
    "Principal": {"Federated": ["${arn}"]},
    "Condition": {"StringEquals": {"${issuer}:sub": ["system:serviceaccount:${ns}:prometheus"]}}
  }]
}`,
		"pod-identity.json": `{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Principal":{"Service":"pods.eks.amazonaws.com"},"Action":["sts:AssumeRole","sts:TagSession"]}]}`,
	})
	roles, res := loadRoles(t, dir)
	if len(res.Diagnostics) != 0 {
		t.Errorf("diagnostics: %v", res.Diagnostics)
	}
	irsa(t, role(t, roles, "aws_iam_role.jsonencode"), "StringEquals", "system:serviceaccount:karpenter:karpenter")
	irsa(t, role(t, roles, "aws_iam_role.heredoc"), "StringEquals", "system:serviceaccount:apps:web")
	irsa(t, role(t, roles, "aws_iam_role.templatefile"), "StringEquals", "system:serviceaccount:monitoring:prometheus")

	doc := role(t, roles, "aws_iam_role.document").Trust
	if !doc.Known || len(doc.Statements) != 2 {
		t.Fatalf("document trust = %+v", doc)
	}
	if s := doc.Statements[0]; len(s.Services) != 1 || s.Services[0] != "ec2.amazonaws.com" || !s.HasAction("sts:AssumeRole") {
		t.Errorf("source statement = %+v", s)
	}
	if s := doc.Statements[1]; len(s.Conditions) != 1 || s.Conditions[0].Operator != "StringLike" || s.Conditions[0].Key.Suffix() != ":sub" ||
		s.Conditions[0].Values[0].String() != "system:serviceaccount:kube-system:ebs-*" || len(s.Federated) != 1 {
		t.Errorf("document statement = %+v", s)
	}
	if doc.Range.File != "main.tf" || doc.Range.Line != 52 {
		t.Errorf("document range = %v", doc.Range)
	}

	pi := role(t, roles, "aws_iam_role.pod_identity").Trust
	if !pi.Known || len(pi.Statements) != 1 || len(pi.Statements[0].Services) != 1 || pi.Statements[0].Services[0] != "pods.eks.amazonaws.com" ||
		!pi.Statements[0].HasAction("sts:TagSession") {
		t.Errorf("pod identity trust = %+v", pi)
	}
	if u := role(t, roles, "aws_iam_role.unknown").Trust; u.Known || u.Range.Line == 0 {
		t.Errorf("unknown trust = %+v", u)
	}
	if n := role(t, roles, "aws_iam_role.none").Trust; n.Known || !n.Range.IsZero() {
		t.Errorf("no trust = %+v", n)
	}
}

func TestTrustPolicyInvalidJSON(t *testing.T) {
	dir := writeTree(t, map[string]string{
		"main.tf": `resource "aws_iam_role" "broken" {
  name               = "broken"
  assume_role_policy = <<EOF
{
  "Statement": [{
    "Effect": "Allow",
    "Action": "sts:AssumeRole",,
  }]
}
EOF
}
resource "aws_iam_role" "fine" {
  name               = "fine"
  assume_role_policy = jsonencode({ Statement = [{ Action = "sts:AssumeRole", Principal = { Service = "ec2.amazonaws.com" } }] })
}
resource "aws_iam_role" "quoted" {
  name               = "quoted"
  assume_role_policy = "{\"Statement\": "
}
`,
		"child/bad.json": "{\n  \"Statement\": [\n    nope\n  ]\n}\n",
		"child/main.tf": `resource "aws_iam_role" "from_file" {
  assume_role_policy = file("${path.module}/bad.json")
}
`,
	})
	roles, res := loadRoles(t, dir)
	if r := role(t, roles, "aws_iam_role.broken"); r.Trust.Known || r.Trust.Range.Line != 3 {
		t.Errorf("broken trust = %+v", r.Trust)
	}
	if r := role(t, roles, "aws_iam_role.fine"); !r.Trust.Known || len(r.Trust.Statements) != 1 {
		t.Errorf("the rest is not linted: %+v", r.Trust)
	}
	want := map[string]bool{"main.tf:7": false, "main.tf:18": false}
	for _, d := range res.Diagnostics {
		k := d.Range.File + ":" + strconv.Itoa(d.Range.Line)
		if _, ok := want[k]; !ok || !strings.Contains(d.Summary, "trust policy") {
			t.Errorf("unexpected diagnostic %+v", d)
			continue
		}
		want[k] = true
	}
	for k, seen := range want {
		if !seen {
			t.Errorf("no diagnostic at %s; have %+v", k, res.Diagnostics)
		}
	}

	// file(): the error is in the file read, at its line.
	_, res = loadRoles(t, filepath.Join(dir, "child"))
	if len(res.Diagnostics) != 1 || res.Diagnostics[0].Range.File != "bad.json" || res.Diagnostics[0].Range.Line != 3 {
		t.Errorf("file() diagnostics = %+v", res.Diagnostics)
	}
}
