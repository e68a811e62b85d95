variable "provider_arn" {
  type = string
}

resource "aws_iam_role" "invoices" {
  name = "billing-invoices"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = var.provider_arn }
      # Everything up to "oidc-provider/" cut off: the issuer without its
      # scheme, which is what the condition key names.
      Condition = {
        StringEquals = {
          "${replace(var.provider_arn, "/^(.*oidc-provider/)/", "")}:sub" = "system:serviceaccount:billing:invoices"
          "${replace(var.provider_arn, "/^(.*oidc-provider/)/", "")}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
