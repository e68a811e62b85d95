module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"
}

resource "aws_iam_role" "karpenter" {
  name = "karpenter"
  assume_role_policy = <<-EOT
    {
      "Version": "2012-10-17",
      "Statement": [
        {
          "Effect": "Allow",
          "Principal": { "Federated": "${module.eks.oidc_provider_arn}" },
          "Action": "sts:AssumeRoleWithWebIdentity",
          "Condition": {
            "StringEquals": {
              "${module.eks.oidc_provider}:sub": "system:serviceaccount:kube-system:karpenter",
              "${module.eks.oidc_provider}:aud": "sts.amazonaws.com"
            }
          }
        }
      ]
    }
  EOT
}

resource "kubernetes_service_account_v1" "karpenter" {
  metadata {
    name      = "karpenter"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.karpenter.arn
    }
  }
}
