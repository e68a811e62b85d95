# A workload in Azure exchanges its Entra ID token for AWS credentials. The
# provider is a resource reference, so only the condition keys name the
# issuer, and it is Microsoft's: its audience is the app registration's,
# not sts.amazonaws.com, and that is right.
variable "entra_tenant_id" {
  type = string
}

variable "app_audience" {
  type    = string
  default = "api://reporting-ingest"
}

resource "aws_iam_openid_connect_provider" "entra" {
  url             = "https://sts.windows.net/${var.entra_tenant_id}/"
  client_id_list  = [var.app_audience]
  thumbprint_list = ["0000000000000000000000000000000000000000"]
}

data "aws_iam_policy_document" "ingest_assume" {
  statement {
    actions = ["sts:AssumeRoleWithWebIdentity"]
    principals {
      type        = "Federated"
      identifiers = [aws_iam_openid_connect_provider.entra.arn]
    }
    condition {
      test     = "StringEquals"
      variable = "sts.windows.net/${var.entra_tenant_id}/:aud"
      values   = [var.app_audience]
    }
  }
}

resource "aws_iam_role" "ingest" {
  name               = "azure-reporting-ingest"
  assume_role_policy = data.aws_iam_policy_document.ingest_assume.json
}
