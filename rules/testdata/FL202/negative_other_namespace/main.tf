module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"
}

resource "aws_iam_role" "karpenter" {
  name = "karpenter"
  assume_role_policy = jsonencode({ # want FL201 `trust of role "karpenter" \(aws_iam_role.karpenter\) allows system:serviceaccount:karpenter:karpenter; the service account runs as kube-system:karpenter`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.eks.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${module.eks.oidc_provider}:sub" = "system:serviceaccount:karpenter:karpenter"
          "${module.eks.oidc_provider}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
