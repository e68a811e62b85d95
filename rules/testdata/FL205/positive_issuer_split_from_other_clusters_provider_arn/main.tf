resource "aws_iam_role" "control_plane" {
  name = "fleet-control-plane"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "eks.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "east" {
  name     = "fleet-east"
  role_arn = aws_iam_role.control_plane.arn
  vpc_config {
    subnet_ids = ["subnet-0e1d2c3b4a5f60718", "subnet-0f1e2d3c4b5a60718"]
  }
}

resource "aws_eks_cluster" "west" {
  name     = "fleet-west"
  role_arn = aws_iam_role.control_plane.arn
  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0b1c2d3e4f5a60718"]
  }
}

resource "aws_iam_openid_connect_provider" "east" {
  url             = aws_eks_cluster.east.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_openid_connect_provider" "west" {
  url             = aws_eks_cluster.west.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

locals {
  # The issuer cut out of a provider's ARN: west's, while the principal
  # below is east's provider.
  west_issuer = element(split("oidc-provider/", aws_iam_openid_connect_provider.west.arn), 1)
}

resource "aws_iam_role" "autoscaler" {
  name = "fleet-east-autoscaler"
  assume_role_policy = jsonencode({ # want FL205 `lets in the OIDC provider of aws_eks_cluster.east but its conditions .* test the issuer of aws_eks_cluster.west: no token can satisfy both`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.east.arn }
      Condition = {
        StringEquals = {
          "${local.west_issuer}:sub" = "system:serviceaccount:kube-system:cluster-autoscaler"
          "${local.west_issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
