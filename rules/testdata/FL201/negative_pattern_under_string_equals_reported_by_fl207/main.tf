resource "aws_eks_cluster" "lark" {
  name     = "lark"
  role_arn = "arn:aws:iam::135791357913:role/lark-cluster"
  vpc_config {
    subnet_ids = ["subnet-0a9b8c7d6e5f40312", "subnet-0c1d2e3f4a5b60718"]
  }
}

resource "aws_iam_openid_connect_provider" "lark" {
  url             = aws_eks_cluster.lark.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

locals {
  issuer = replace(aws_iam_openid_connect_provider.lark.url, "https://", "")
}

# Every team's namespace has an image-puller account. The pattern was
# meant for StringLike: under StringEquals the "*" is a literal, which
# FL207 reports once for the trust, not once per account it refuses.
resource "aws_iam_role" "image_puller" {
  name = "lark-image-puller"
  assume_role_policy = jsonencode({ # want FL207 `compared literally`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.lark.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:*:image-puller"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "kubernetes_service_account_v1" "image_puller" {
  for_each = toset(["payments", "ledger", "search"])

  metadata {
    name      = "image-puller"
    namespace = each.key
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.image_puller.arn
    }
  }
}
