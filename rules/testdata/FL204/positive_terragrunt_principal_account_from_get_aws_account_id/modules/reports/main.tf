variable "issuer" {
  type = string
}

variable "account_id" {
  type = string
}

# The principal is the provider for the issuer in this unit's account:
# the identity unit's, which accepts only STS tokens, if both units run
# in one account, as nothing in the tree says; hence a notice.
resource "aws_iam_role" "reports" {
  name = "reports-exporter"
  assume_role_policy = jsonencode({ # want FL204:notice `trust of role "reports-exporter" .* has a web-identity statement without an :aud = sts.amazonaws.com condition`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${var.account_id}:oidc-provider/${var.issuer}" }
      Condition = {
        StringEquals = { "${var.issuer}:sub" = "system:serviceaccount:reports:exporter" }
      }
    }]
  })
}
