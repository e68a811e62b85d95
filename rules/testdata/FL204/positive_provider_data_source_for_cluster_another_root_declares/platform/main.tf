resource "aws_iam_role" "control_plane" {
  name = "harbor-control-plane"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "eks.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "harbor" {
  name     = "harbor"
  role_arn = aws_iam_role.control_plane.arn
  vpc_config {
    subnet_ids = ["subnet-0aa11bb22cc33dd44", "subnet-0ee55ff66aa77bb88"]
  }
}

resource "aws_iam_openid_connect_provider" "harbor" {
  url             = aws_eks_cluster.harbor.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}
