# A role for whatever identity provider the caller passes: with no :sub
# condition and a provider nothing here traces, it may as well be a CI
# system's, so its missing subject is not judged as a cluster's.
variable "oidc_provider_arn" {
  type = string
}

variable "oidc_issuer" {
  type = string
}

resource "aws_iam_role" "reader" {
  name = "artifact-reader"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = var.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${var.oidc_issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
