package rules_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/faultline-dev/faultline/rules"
)

// TestFL207ProviderARNKey: a condition key built from one reference read
// as an ARN is reported. A provider's (resource or data source, by its
// parsed type) gets the url hint and rests on nothing inferred; a module
// output whose last name word is arn is taken to be one from its name
// (inferred); a path whose last name is no ARN is not reported.
func TestFL207ProviderARNKey(t *testing.T) {
	const trust = `data "aws_iam_openid_connect_provider" "eks" {
  url = "https://oidc.eks.us-east-1.amazonaws.com/id/ABC"
}

resource "aws_iam_openid_connect_provider" "this" {
  url            = "https://oidc.eks.us-east-1.amazonaws.com/id/ABC"
  client_id_list = ["sts.amazonaws.com"]
}

module "eks" {
  source = "git::https://example.com/eks.git"
}

resource "aws_iam_role" "app" {
  name = "app"
  assume_role_policy = jsonencode({
    Statement = [{
      Action    = "sts:AssumeRoleWithWebIdentity"
      Effect    = "Allow"
      Principal = { Federated = aws_iam_openid_connect_provider.this.arn }
      Condition = { StringEquals = { "${%s}:sub" = "system:serviceaccount:apps:app" } }
    }]
  })
}
`
	for _, tc := range []struct {
		ref      string
		report   bool
		urlHint  bool
		inferred bool
	}{
		{"aws_iam_openid_connect_provider.this.arn", true, true, false},
		{"data.aws_iam_openid_connect_provider.eks.arn", true, true, false},
		{"module.eks.oidc_provider_arn", true, false, true},
		{"module.eks.oidc_provider_arn_list[0].issuer", false, false, false},
	} {
		t.Run(tc.ref, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "main.tf"), []byte(fmt.Sprintf(trust, tc.ref)), 0o644); err != nil {
				t.Fatal(err)
			}
			res := lintDir(t, dir, rules.IRSAMalformedCondition)
			var arnFindings int
			for _, f := range res.Findings {
				if f.Rule != "FL207" || !strings.Contains(f.Message, "an OIDC provider ARN") {
					continue
				}
				arnFindings++
				if got := strings.Contains(f.Hint, ".url"); got != tc.urlHint {
					t.Errorf("url hint %v, want %v: %s", got, tc.urlHint, f.Hint)
				}
				if got := len(f.Inferred) > 0; got != tc.inferred {
					t.Errorf("inferred %v, want %v: %v", got, tc.inferred, f.Inferred)
				}
			}
			if (arnFindings == 1) != tc.report || arnFindings > 1 {
				t.Errorf("%d ARN-key findings, want a finding: %v (%+v)", arnFindings, tc.report, res.Findings)
			}
		})
	}
}
