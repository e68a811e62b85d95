variable "name" { type = string }
variable "namespace" { type = string }
variable "account" { type = string }
variable "oidc_issuer" { type = string }

data "aws_caller_identity" "this" {}

resource "aws_iam_role" "this" {
  name = var.name
  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:kube-system:external-dns; the service account runs as dns:external-dns: \[live/external-dns\] kubernetes_service_account_v1.this \(across roots live/external-dns and live/iam-dns\)`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.this.account_id}:oidc-provider/${var.oidc_issuer}" }
      Condition = {
        StringEquals = {
          "${var.oidc_issuer}:sub" = "system:serviceaccount:${var.namespace}:${var.account}"
          "${var.oidc_issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

output "arn" {
  value = aws_iam_role.this.arn
}
