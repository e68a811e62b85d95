variable "name" {
  type = string
}

variable "oidc_provider_arn" {
  type = string
}

variable "issuer" {
  type = string
}

variable "subject" {
  type = string
}

resource "aws_iam_role" "this" {
  name = var.name
  assume_role_policy = jsonencode({ # want FL201 "allows system:serviceaccount:monitoring:metrics-agent; the service account runs as observability:metrics-agent"
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = var.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${var.issuer}:sub" = var.subject
          "${var.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

output "arn" {
  value = aws_iam_role.this.arn
}
