# The cluster's OIDC provider also accepts tokens minted for Vault's
# Kubernetes auth, so a trust without an :aud condition takes those too.
module "eks" {
  source  = "terraform-aws-modules/eks/aws"
  version = "~> 20.0"

  openid_connect_audiences = ["vault"]
}

resource "aws_iam_role" "karpenter" {
  name = "karpenter"
  assume_role_policy = jsonencode({ # want FL204 `trust of role "karpenter" \(aws_iam_role.karpenter\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
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
