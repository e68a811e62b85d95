# The cluster and its provider are the platform root's; this root reads
# them back by name and by issuer. If both roots are applied in one
# account the provider takes only STS tokens and the missing audience
# changes nothing; nothing says so, hence a notice.
data "aws_eks_cluster" "harbor" {
  name = "harbor"
}

data "aws_iam_openid_connect_provider" "harbor" {
  url = data.aws_eks_cluster.harbor.identity[0].oidc[0].issuer
}

data "aws_iam_policy_document" "external_dns" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [data.aws_iam_openid_connect_provider.harbor.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${trimprefix(data.aws_iam_openid_connect_provider.harbor.url, "https://")}:sub"
      values   = ["system:serviceaccount:dns:external-dns"]
    }
  }
}

resource "aws_iam_role" "external_dns" {
  name               = "harbor-external-dns"
  assume_role_policy = data.aws_iam_policy_document.external_dns.json # want FL204:notice `trust of role "harbor-external-dns" \(aws_iam_role.external_dns\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
}
