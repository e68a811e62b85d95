provider "aws" {
  region = "us-east-1"
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"

  cluster_name    = "prod"
  cluster_version = "1.30"
}

variable "subject_namespace" {
  type = string
}

resource "aws_iam_role" "cert_manager" {
  name = "prod-cert-manager"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.eks.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${module.eks.oidc_provider}:sub" = "system:serviceaccount:cert-manager:cert-manager"
          "${module.eks.oidc_provider}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

# A pattern under StringLike is well-formed (whether it is too broad is
# FL203's question); a subject built from a variable is not judged.
data "aws_iam_policy_document" "crossplane" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]

    principals {
      type        = "Federated"
      identifiers = [module.eks.oidc_provider_arn]
    }

    condition {
      test     = "StringLike"
      variable = "${module.eks.oidc_provider}:sub"
      values   = ["system:serviceaccount:crossplane-system:provider-aws-*"]
    }

    condition {
      test     = "StringEquals"
      variable = "${module.eks.oidc_provider}:sub"
      values   = ["system:serviceaccount:${var.subject_namespace}:reporting"]
    }
  }
}

resource "aws_iam_role" "crossplane" {
  name               = "prod-crossplane-provider-aws"
  assume_role_policy = data.aws_iam_policy_document.crossplane.json # want FL203:warning `trust of role "prod-crossplane-provider-aws" \(aws_iam_role.crossplane\) lets any service account of namespace crossplane-system matching provider-aws-\* assume it`
}
