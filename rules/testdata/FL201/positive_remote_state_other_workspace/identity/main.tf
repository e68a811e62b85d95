# One root, one state per workspace (staging, prod): S3 keeps the
# staging state at tenants/staging/identity.tfstate.
terraform {
  backend "s3" {
    bucket               = "orbit-tfstate"
    key                  = "identity.tfstate"
    workspace_key_prefix = "tenants"
    region               = "us-west-2"
  }
}

resource "aws_iam_role" "invoice_worker" {
  name = "invoice-worker"
  assume_role_policy = jsonencode({ # want FL201:warning `allows system:serviceaccount:billing:invoice-worker; the service account runs as invoices:invoice-worker`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::210987654321:oidc-provider/oidc.eks.us-west-2.amazonaws.com/id/7D3C1B9A5E2F4A6C8B0D1E3F5A7C9B2D" }
      Condition = {
        StringEquals = {
          "oidc.eks.us-west-2.amazonaws.com/id/7D3C1B9A5E2F4A6C8B0D1E3F5A7C9B2D:sub" = "system:serviceaccount:billing:invoice-worker"
          "oidc.eks.us-west-2.amazonaws.com/id/7D3C1B9A5E2F4A6C8B0D1E3F5A7C9B2D:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

output "invoice_worker_role_arn" {
  value = aws_iam_role.invoice_worker.arn
}
