variable "shipper_role_arn" {
  type = string
}

resource "helm_release" "shipper" {
  name       = "log-shipper"
  namespace  = "logging"
  repository = "https://charts.example.com/logging"
  chart      = "log-shipper"
  version    = "2.3.0"

  values = [yamlencode({
    serviceAccount = {
      name        = "log-shipper"
      annotations = { "eks.amazonaws.com/role-arn" = var.shipper_role_arn } # want FL208:warning `service account logging/log-shipper \(\[live/staging/logging\] helm_release.shipper, chart log-shipper\) is bound to \[live/staging/platform\] aws_iam_openid_connect_provider.this.arn, an IAM OIDC provider's ARN`
    }
  })]
}
