variable "provider_arn" {
  type = string
}

resource "aws_iam_role" "invoices" {
  name = "billing-invoices"
  assume_role_policy = jsonencode({ # want FL207 `condition key "\$\{aws_iam_openid_connect_provider\.main\.arn\}:sub" is built from aws_iam_openid_connect_provider\.main\.arn, an OIDC provider ARN`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = var.provider_arn }
      # Meant to turn the provider into its issuer, but an ARN has no
      # scheme to strip: the key stays arn:aws:iam::…:oidc-provider/….
      Condition = {
        StringEquals = {
          "${replace(var.provider_arn, "/^https:///", "")}:sub" = "system:serviceaccount:billing:invoices"
        }
      }
    }]
  })
}
