resource "aws_eks_cluster" "relay" {
  name     = "relay"
  role_arn = "arn:aws:iam::345678901234:role/relay-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a1b2c3d4e5f60718", "subnet-0b2c3d4e5f6071829"]
  }
}

resource "aws_iam_openid_connect_provider" "relay" {
  url             = aws_eks_cluster.relay.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

data "aws_iam_policy_document" "mailer" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.relay.arn]
    }
    # The issuer without its scheme, but no claim after it.
    condition {
      test     = "StringEquals"
      variable = replace(aws_iam_openid_connect_provider.relay.url, "https://", "")
      values   = ["system:serviceaccount:relay:mailer"]
    }
    condition {
      test     = "StringEquals"
      variable = "${replace(aws_iam_openid_connect_provider.relay.url, "https://", "")}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "mailer" {
  name               = "relay-mailer"
  assume_role_policy = data.aws_iam_policy_document.mailer.json # want FL207 `condition key is aws_eks_cluster.relay.identity\[0\].oidc\[0\].issuer, the issuer alone, with no claim after it`
}
