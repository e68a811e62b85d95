data "aws_caller_identity" "current" {}
data "aws_region" "current" {}

resource "aws_iam_role" "control_plane" {
  name = "quay-control-plane"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "eks.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "quay" {
  name     = "quay"
  role_arn = aws_iam_role.control_plane.arn
  vpc_config {
    subnet_ids = ["subnet-0123abcd4567ef890", "subnet-0fedcba987654321a"]
  }
}

resource "aws_iam_openid_connect_provider" "quay" {
  url             = aws_eks_cluster.quay.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

locals {
  # The issuer rebuilt from this root's region and the ID at the end of
  # the cluster's issuer URL: the provider above, which accepts only STS
  # tokens, so no :aud condition is needed.
  oidc_id     = element(split("/", aws_eks_cluster.quay.identity[0].oidc[0].issuer), 4)
  oidc_issuer = "oidc.eks.${data.aws_region.current.name}.amazonaws.com/id/${local.oidc_id}"
}

resource "aws_iam_role" "backup" {
  name = "quay-backup"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.oidc_issuer}" }
      Condition = { StringEquals = { "${local.oidc_issuer}:sub" = "system:serviceaccount:backup:velero" } }
    }]
  })
}
