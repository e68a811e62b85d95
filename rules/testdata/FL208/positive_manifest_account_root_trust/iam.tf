provider "aws" {
  region = "ap-southeast-2"
}

# Meant to be assumed by the platform team's CI user, not by pods.
resource "aws_iam_role" "backup" {
  name = "velero-backup"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [
      {
        Effect    = "Allow"
        Principal = { AWS = "arn:aws:iam::777788889999:root" }
        Action    = ["sts:AssumeRole", "sts:TagSession"]
      },
      {
        Effect    = "Deny"
        Principal = { AWS = "*" }
        Action    = "sts:AssumeRole"
        Condition = { Bool = { "aws:MultiFactorAuthPresent" = "false" } }
      },
    ]
  })
}
