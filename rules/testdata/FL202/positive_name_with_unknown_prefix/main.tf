variable "cluster" {
  type = string
}

locals {
  cluster     = var.cluster
  oidc_issuer = "oidc.eks.us-west-2.amazonaws.com/id/A1B2C3D4E5F6A1B2C3D4E5F6A1B2C3D4"
}

data "aws_iam_policy_document" "ray" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = ["arn:aws:iam::111122223333:oidc-provider/${local.oidc_issuer}"]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.oidc_issuer}:sub"
      values   = ["system:serviceaccount:ml:ray"]
    }
    condition {
      test     = "StringEquals"
      variable = "${local.oidc_issuer}:aud"
      values   = ["sts.amazonaws.com"]
    }
  }
}

resource "aws_iam_role" "ray" {
  name               = "ray-workers"
  assume_role_policy = data.aws_iam_policy_document.ray.json # want FL202 `trust of role "ray-workers" \(aws_iam_role.ray\) allows system:serviceaccount:ml:ray; the service account bound to it is ml:\$\{var.cluster\}-ray`
}

# Whatever the cluster is called, "<cluster>-ray" is never "ray".
resource "kubernetes_service_account_v1" "ray" {
  metadata {
    name      = "${local.cluster}-ray"
    namespace = "ml"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.ray.arn
    }
  }
}
