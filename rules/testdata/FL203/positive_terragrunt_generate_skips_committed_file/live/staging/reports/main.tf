# The reports unit's own configuration, kept over the generated stub.
variable "oidc_provider_arn" {
  type    = string
  default = "arn:aws:iam::613572849012:oidc-provider/oidc.eks.eu-west-2.amazonaws.com/id/5B0F8E3C2A1D4E6F7A8B9C0D1E2F3A4B"
}

resource "aws_iam_role" "reports" {
  name = "staging-reports"
  assume_role_policy = jsonencode({ # want FL203 `trust of role "staging-reports"`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = var.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-2.amazonaws.com/id/5B0F8E3C2A1D4E6F7A8B9C0D1E2F3A4B:aud" = "sts.amazonaws.com"
        }
        StringLike = {
          "oidc.eks.eu-west-2.amazonaws.com/id/5B0F8E3C2A1D4E6F7A8B9C0D1E2F3A4B:sub" = "system:serviceaccount:*:reports"
        }
      }
    }]
  })
}
