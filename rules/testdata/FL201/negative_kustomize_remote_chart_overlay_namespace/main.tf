resource "aws_iam_openid_connect_provider" "cluster" {
  url             = "https://oidc.eks.eu-west-1.amazonaws.com/id/5E1A7C93B2D84F06A1C3E9B7D24F8A61"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

data "aws_iam_policy_document" "dns_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.cluster.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "oidc.eks.eu-west-1.amazonaws.com/id/5E1A7C93B2D84F06A1C3E9B7D24F8A61:sub"
      values   = ["system:serviceaccount:kube-system:external-dns"]
    }
  }
}

resource "aws_iam_role" "dns" {
  name               = "external-dns"
  assume_role_policy = data.aws_iam_policy_document.dns_trust.json
}
