# Helm provider 3.x takes set as a list of objects and applies it in
# order: the second name wins, and the trust was written for the first.
terraform {
  required_providers {
    helm = {
      source  = "hashicorp/helm"
      version = "~> 3.0"
    }
  }
}

module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"
}

resource "aws_iam_role" "external_dns" {
  name = "media-external-dns"
  assume_role_policy = jsonencode({ # want FL202 `trust of role "media-external-dns" \(aws_iam_role.external_dns\) allows system:serviceaccount:dns:external-dns; the service account bound to it is dns:external-dns-sa`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.eks.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${module.eks.oidc_provider}:sub" = "system:serviceaccount:dns:external-dns"
          "${module.eks.oidc_provider}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "external_dns" {
  name       = "external-dns"
  namespace  = "dns"
  repository = "https://kubernetes-sigs.github.io/external-dns"
  chart      = "external-dns"
  version    = "1.14.5"

  set = [
    {
      name  = "serviceAccount.name"
      value = "external-dns"
    },
    {
      name  = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
      value = aws_iam_role.external_dns.arn
    },
    {
      name  = "serviceAccount.name"
      value = "external-dns-sa"
    },
  ]
}
