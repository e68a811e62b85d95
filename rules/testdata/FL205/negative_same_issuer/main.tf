provider "aws" {
  region = "us-east-1"
}

variable "oidc_issuer" {
  type    = string
  default = "oidc.eks.us-east-1.amazonaws.com/id/5C8E1F0A9B7D4E2F86A1C3D5E7F9B0A2"
}

resource "aws_iam_role" "external_dns" {
  name = "prod-external-dns"

  # The issuer is written as the cluster shows it; the key drops the scheme.
  assume_role_policy = <<-POLICY
    {
      "Version": "2012-10-17",
      "Statement": [
        {
          "Effect": "Allow",
          "Action": "sts:AssumeRoleWithWebIdentity",
          "Principal": {
            "Federated": "arn:aws:iam::111122223333:oidc-provider/${var.oidc_issuer}"
          },
          "Condition": {
            "StringEquals": {
              "${var.oidc_issuer}:sub": "system:serviceaccount:external-dns:external-dns",
              "${var.oidc_issuer}:aud": "sts.amazonaws.com"
            }
          }
        }
      ]
    }
  POLICY
}
