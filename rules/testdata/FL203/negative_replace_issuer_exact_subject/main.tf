# The sub condition names one exact service account; its key is the issuer
# with the scheme stripped by replace(), unknown before apply but readable.
# (No audience condition: that is FL204's concern, not this rule's.)
resource "aws_eks_cluster" "main" {
  name     = "shared"
  role_arn = "arn:aws:iam::777788889999:role/shared-cluster"

  vpc_config {
    subnet_ids = ["subnet-11111111", "subnet-22222222"]
  }
}

resource "aws_iam_openid_connect_provider" "main" {
  url            = aws_eks_cluster.main.identity[0].oidc[0].issuer
  client_id_list = ["sts.amazonaws.com"]
}

data "aws_iam_policy_document" "dns_assume" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.main.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${replace(aws_eks_cluster.main.identity[0].oidc[0].issuer, "https://", "")}:sub"
      values   = ["system:serviceaccount:external-dns:external-dns"]
    }
  }
}

resource "aws_iam_role" "external_dns" {
  name               = "shared-external-dns"
  assume_role_policy = data.aws_iam_policy_document.dns_assume.json
}

resource "kubernetes_service_account_v1" "external_dns" {
  metadata {
    name      = "external-dns"
    namespace = "external-dns"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.external_dns.arn
    }
  }
}
