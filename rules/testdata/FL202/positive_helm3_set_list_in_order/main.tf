# With helm provider 3.x, set is a list of objects applied in order. The
# platform module's default account name comes first and the team's
# override second, so the override wins, and the controller's trust was
# written for the default.
terraform {
  required_providers {
    helm = {
      source  = "hashicorp/helm"
      version = ">= 3.0.0"
    }
  }
}

locals {
  oidc_issuer = "oidc.eks.ca-central-1.amazonaws.com/id/3E5F7A9B1C2D4E6F8A0B"
  lbc_sets = [
    { name = "serviceAccount.name", value = "aws-load-balancer-controller" },
    { name = "clusterName", value = "checkout" },
  ]
  team_sets = [
    { name = "serviceAccount.name", value = "lbc-checkout" },
    { name = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn", value = aws_iam_role.lbc.arn },
  ]
}

resource "aws_iam_role" "lbc" {
  name = "checkout-lbc"
  assume_role_policy = jsonencode({ # want FL202 `trust of role "checkout-lbc" \(aws_iam_role.lbc\) allows system:serviceaccount:kube-system:aws-load-balancer-controller; the service account bound to it is kube-system:lbc-checkout`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::111122223333:oidc-provider/${local.oidc_issuer}" }
      Condition = {
        StringEquals = {
          "${local.oidc_issuer}:sub" = "system:serviceaccount:kube-system:aws-load-balancer-controller"
          "${local.oidc_issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "lbc" {
  name       = "aws-load-balancer-controller"
  namespace  = "kube-system"
  repository = "https://aws.github.io/eks-charts"
  chart      = "aws-load-balancer-controller"
  version    = "1.8.1"

  set = concat(local.lbc_sets, local.team_sets)
}
