data "aws_caller_identity" "current" {}
data "aws_region" "current" {}

resource "aws_iam_role" "control_plane" {
  name = "wren-control-plane"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "eks.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "wren" {
  name     = "wren"
  role_arn = aws_iam_role.control_plane.arn
  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f67890", "subnet-0f9e8d7c6b5a43210"]
  }
}

locals {
  issuer_host = trimprefix(aws_eks_cluster.wren.identity[0].oidc[0].issuer, "https://")
  # The provider's URL rebuilt from the region and the issuer's ID: likely
  # the cluster's issuer, not proven.
  issuer_id = replace(aws_eks_cluster.wren.identity[0].oidc[0].issuer, "https://oidc.eks.${data.aws_region.current.name}.amazonaws.com/id/", "")
}

resource "aws_iam_openid_connect_provider" "wren" {
  url             = "https://oidc.eks.${data.aws_region.current.name}.amazonaws.com/id/${local.issuer_id}"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "reports" {
  name = "wren-reports"
  assume_role_policy = jsonencode({ # want FL204:notice `trust of role "wren-reports" \(aws_iam_role.reports\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${local.issuer_host}" }
      Condition = { StringEquals = { "${local.issuer_host}:sub" = "system:serviceaccount:reports:exporter" } }
    }]
  })
}
