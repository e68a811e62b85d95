# A reusable role module: the caller passes the OIDC provider. Read alone,
# nothing says which provider that is (an EKS cluster's, or a CI system's),
# so the subjects are not judged as service accounts.
variable "oidc_provider_arn" {
  type = string
}

variable "oidc_issuer" {
  type = string
}

variable "subjects" {
  type    = list(string)
  default = ["repo:acme-platform/infrastructure:environment:production"]
}

resource "aws_iam_role" "this" {
  name = "workload-identity"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = var.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${var.oidc_issuer}:sub" = var.subjects
          "${var.oidc_issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
