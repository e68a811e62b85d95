variable "cluster_name" {
  type = string
}

resource "aws_iam_role" "control_plane" {
  name = "${var.cluster_name}-control-plane"
  assume_role_policy = jsonencode({
    Version   = "2012-10-17"
    Statement = [{ Effect = "Allow", Action = "sts:AssumeRole", Principal = { Service = "eks.amazonaws.com" } }]
  })
}

resource "aws_eks_cluster" "this" {
  name     = var.cluster_name
  role_arn = aws_iam_role.control_plane.arn
  vpc_config {
    subnet_ids = ["subnet-0d0d0d0d0d0d0d0d1", "subnet-0d0d0d0d0d0d0d0d2"]
  }
}

resource "aws_iam_openid_connect_provider" "this" {
  url             = aws_eks_cluster.this.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

output "oidc_provider_arn" {
  value = aws_iam_openid_connect_provider.this.arn
}
