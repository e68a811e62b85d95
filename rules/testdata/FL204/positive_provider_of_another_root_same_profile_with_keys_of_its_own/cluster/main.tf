provider "aws" {
  region  = "eu-west-1"
  profile = "tern-admin"
}

resource "aws_iam_role" "control_plane" {
  name = "tern-control-plane"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "eks.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "tern" {
  name     = "tern"
  role_arn = aws_iam_role.control_plane.arn
  vpc_config {
    subnet_ids = ["subnet-0c1d2e3f4a5b6c7d8", "subnet-0d2e3f4a5b6c7d8e9"]
  }
}

resource "aws_iam_openid_connect_provider" "tern" {
  url             = aws_eks_cluster.tern.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}
