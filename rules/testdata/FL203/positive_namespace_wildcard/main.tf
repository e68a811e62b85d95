module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"
}

# "Fixed" an AccessDenied after the Karpenter namespace move by widening
# the subject instead of writing kube-system:karpenter.
resource "aws_iam_role" "karpenter" {
  name = "karpenter"
  assume_role_policy = jsonencode({ # want FL203 `trust of role "karpenter" \(aws_iam_role.karpenter\) lets service accounts of any namespace assume it: StringLike system:serviceaccount:\*:karpenter`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.eks.oidc_provider_arn }
      Condition = {
        StringLike = {
          "${module.eks.oidc_provider}:sub" = "system:serviceaccount:*:karpenter"
        }
        StringEquals = {
          "${module.eks.oidc_provider}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
