locals {
  oidc = "oidc.eks.ap-southeast-2.amazonaws.com/id/5C1D8E0F2A3B4C5D6E7F8091A2B3C4D5"
}

# The platform team owns the controller role; eksctl only binds it.
resource "aws_iam_role" "karpenter" {
  name = "tools-karpenter-controller"
  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:kube-system:karpenter; the service account runs as karpenter:karpenter`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::777788889999:oidc-provider/${local.oidc}" }
      Condition = {
        StringEquals = {
          "${local.oidc}:sub" = "system:serviceaccount:kube-system:karpenter"
          "${local.oidc}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
