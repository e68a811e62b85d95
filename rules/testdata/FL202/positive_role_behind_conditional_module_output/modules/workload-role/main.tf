variable "issuer_url" { type = string }
variable "provider_arn" { type = string }
variable "namespace" { type = string }
variable "account_name" { type = string }

locals {
  enabled = var.issuer_url != ""
  host    = trimprefix(var.issuer_url, "https://")
}

resource "aws_iam_role" "this" {
  name = "${var.namespace}-${var.account_name}"
  assume_role_policy = jsonencode({ # want FL202:error `trust of role "ledger-reconciler" \(module.reconciler_role.aws_iam_role.this\) allows system:serviceaccount:ledger:reconciler; the service account bound to it is ledger:ledger-reconciler: kubernetes_service_account_v1.reconciler`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = var.provider_arn }
      Condition = {
        StringEquals = {
          "${local.host}:sub" = "system:serviceaccount:${var.namespace}:${var.account_name}"
          "${local.host}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

output "role_arn" {
  value = local.enabled ? aws_iam_role.this.arn : ""
}
