# Two clusters, each with its provider. The trust takes its principal
# from one and its condition keys from the other: EKS gives each cluster
# an issuer of its own, so no token carries both.
resource "aws_eks_cluster" "blue" {
  name     = "blue"
  role_arn = "arn:aws:iam::111122223333:role/blue-cluster"
  vpc_config {
    subnet_ids = ["subnet-0aa11"]
  }
}

resource "aws_eks_cluster" "green" {
  name     = "green"
  role_arn = "arn:aws:iam::111122223333:role/green-cluster"
  vpc_config {
    subnet_ids = ["subnet-0bb22"]
  }
}

resource "aws_iam_openid_connect_provider" "blue" {
  url            = aws_eks_cluster.blue.identity[0].oidc[0].issuer
  client_id_list = ["sts.amazonaws.com"]
}

resource "aws_iam_openid_connect_provider" "green" {
  url            = aws_eks_cluster.green.identity[0].oidc[0].issuer
  client_id_list = ["sts.amazonaws.com"]
}

resource "aws_iam_role" "mover" {
  name = "mover"
  assume_role_policy = jsonencode({ # want FL205 `trust of IAM role "mover" \(aws_iam_role.mover\) lets in the OIDC provider of aws_eks_cluster.blue but its conditions .* test the issuer of aws_eks_cluster.green: no token can satisfy both`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.blue.arn }
      Condition = {
        StringEquals = {
          "${replace(aws_iam_openid_connect_provider.green.url, "https://", "")}:sub" = "system:serviceaccount:jobs:mover"
          "${replace(aws_iam_openid_connect_provider.green.url, "https://", "")}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
