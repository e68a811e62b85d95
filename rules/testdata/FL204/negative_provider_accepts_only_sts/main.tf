# The trust has no :aud condition, but the cluster's OIDC provider (the
# eks module's, with no extra audiences) lists sts.amazonaws.com as its
# only client ID: STS refuses a token minted for any other audience, so
# no other token of the issuer can be exchanged for the role.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"
}

resource "aws_iam_role" "karpenter" {
  name = "karpenter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = module.eks.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${module.eks.oidc_provider}:sub" = "system:serviceaccount:kube-system:karpenter"
        }
      }
    }]
  })
}
