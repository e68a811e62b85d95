package terraform

import (
	"testing"

	"github.com/faultline-dev/faultline/lint"
)

// TestSecondPassKeepsInheritedProvider: a module evaluated a second time
// (an add-on role reading the eks module's provider beside the call)
// keeps the provider configuration its caller passed down, and with it
// the account the root pins: every role it declares is in that account.
func TestSecondPassKeepsInheritedProvider(t *testing.T) {
	res := loadTree(t, map[string]string{
		"main.tf": `terraform {
  backend "s3" {}
}

provider "aws" {
  region              = "eu-west-1"
  allowed_account_ids = ["111122223333"]
}

module "cluster" {
  source       = "./cluster"
  cluster_name = "tern"
}
`,
		"cluster/main.tf": `variable "cluster_name" { type = string }

module "eks" {
  source             = "terraform-aws-modules/eks/aws"
  version            = "~> 21"
  name               = var.cluster_name
  kubernetes_version = "1.33"
  enable_irsa        = true
  vpc_id             = "vpc-0123456789abcdef0"
  subnet_ids         = ["subnet-aaaa1111", "subnet-bbbb2222"]

  # The add-on role reads the module's provider: the module holding both
  # is evaluated twice.
  addons = {
    aws-ebs-csi-driver = {
      service_account_role_arn = aws_iam_role.csi.arn
    }
  }
}

resource "aws_iam_role" "csi" {
  name = "csi"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.eks.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${module.eks.oidc_provider}:aud" = "sts.amazonaws.com"
          "${module.eks.oidc_provider}:sub" = "system:serviceaccount:kube-system:ebs-csi-controller-sa"
        }
      }
    }]
  })
}
`,
	})
	roles := 0
	for _, e := range res.Entities {
		if r, ok := e.(*lint.Role); ok {
			roles++
			if r.Scope.Account != "111122223333" || r.Scope.Region != "eu-west-1" {
				t.Errorf("%s: scope %v", r.Addr, r.Scope)
			}
		}
	}
	if roles < 2 {
		t.Fatalf("%d roles", roles)
	}
}
