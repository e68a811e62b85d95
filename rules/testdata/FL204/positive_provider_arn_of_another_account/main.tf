# Workloads in the analytics cluster assume a role the shared-services
# account trusts through its own copy of the cluster's OIDC provider. This
# root pins no account, so whether that copy is the provider declared here
# is not known; if it is another, which audiences it registers is not
# known: without an :aud condition a token minted for another purpose may
# be exchanged for the role (a notice: that it is another is inferred).
data "aws_eks_cluster" "analytics" {
  name = "analytics"
}

resource "aws_iam_openid_connect_provider" "analytics" {
  url             = data.aws_eks_cluster.analytics.identity[0].oidc[0].issuer
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

data "aws_iam_policy_document" "exporter_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::444455556666:oidc-provider/${trimprefix(data.aws_eks_cluster.analytics.identity[0].oidc[0].issuer, "https://")}"]
    }
    condition {
      test     = "StringEquals"
      variable = "${trimprefix(data.aws_eks_cluster.analytics.identity[0].oidc[0].issuer, "https://")}:sub"
      values   = ["system:serviceaccount:monitoring:cost-exporter"]
    }
  }
}

resource "aws_iam_role" "cost_exporter" {
  name               = "analytics-cost-exporter"
  assume_role_policy = data.aws_iam_policy_document.exporter_trust.json # want FL204:notice `trust of role "analytics-cost-exporter" \(aws_iam_role.cost_exporter\) has a web-identity statement without an :aud = sts.amazonaws.com condition`
}
