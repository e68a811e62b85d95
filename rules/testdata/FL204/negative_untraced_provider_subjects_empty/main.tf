# A role module whose subjects default to none: the :sub condition lists
# no value, so nothing says the provider it is given is a cluster's, and
# its missing audience is not judged as an IRSA trust's.
variable "oidc_provider_arn" {
  type = string
}

variable "oidc_issuer" {
  type = string
}

variable "subjects" {
  type    = list(string)
  default = []
}

resource "aws_iam_role" "workload" {
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
        }
      }
    }]
  })
}
