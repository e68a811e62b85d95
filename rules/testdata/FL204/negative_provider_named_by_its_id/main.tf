# The reporting job's trust names the cluster's OIDC provider by its id,
# which the AWS provider sets to the provider's ARN. The provider accepts
# only sts.amazonaws.com, so the missing audience condition adds nothing.
resource "aws_eks_cluster" "analytics" {
  name     = "analytics"
  role_arn = "arn:aws:iam::135792468024:role/analytics-cluster"

  vpc_config {
    subnet_ids = ["subnet-0f1", "subnet-0f2"]
  }
}

resource "aws_iam_openid_connect_provider" "analytics" {
  url             = aws_eks_cluster.analytics.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da0afd40f94"]
}

data "aws_iam_policy_document" "reporter_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]

    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.analytics.id]
    }

    condition {
      test     = "StringEquals"
      variable = "${replace(aws_iam_openid_connect_provider.analytics.url, "https://", "")}:sub"
      values   = ["system:serviceaccount:reports:reporter"]
    }
  }
}

resource "aws_iam_role" "reporter" {
  name               = "analytics-reporter"
  assume_role_policy = data.aws_iam_policy_document.reporter_trust.json
}
