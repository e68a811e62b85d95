# The workloads root trusts a provider it only looks up, by an issuer
# it is handed; nothing in this root declares that provider, so which
# audiences it accepts is not known here.
variable "cluster_issuer" {
  type        = string
  description = "The cluster's OIDC issuer URL, from the platform root"
}

data "aws_iam_openid_connect_provider" "cluster" {
  url = var.cluster_issuer
}

data "aws_iam_policy_document" "image_sync_trust" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [data.aws_iam_openid_connect_provider.cluster.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "${trimprefix(var.cluster_issuer, "https://")}:sub"
      values   = ["system:serviceaccount:registry:image-sync"]
    }
  }
}

resource "aws_iam_role" "image_sync" {
  name               = "atlas-image-sync"
  assume_role_policy = data.aws_iam_policy_document.image_sync_trust.json # want FL204 `trust of role "atlas-image-sync" \(aws_iam_role.image_sync\) has a web-identity statement without an :aud`
}
