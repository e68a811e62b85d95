# Two clusters, each with its provider. The trust takes its principal from
# one and its condition key from the other: built from two issuers that
# are each unknown before apply, it cannot be told the same or different,
# and is counted as undecided, not passed.
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
  assume_role_policy = jsonencode({
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
