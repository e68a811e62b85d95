variable "oidc_provider_arn" {
  type = string
}

# The whole condition key is handed in: which claim it tests is only
# known once the provider exists.
variable "subject_key" {
  type = string
}

resource "aws_iam_role" "this" {
  name = "billing-exporter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = var.oidc_provider_arn }
      Condition = {
        StringEquals = {
          (var.subject_key) = "system:serviceaccount:billing:exporter"
        }
      }
    }]
  })
}
