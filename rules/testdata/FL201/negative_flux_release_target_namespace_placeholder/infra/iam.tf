resource "aws_iam_role" "tenant_api" {
  name = "tenant-api" # the first tenant, acme
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::210987654321:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/4F2A9C1E7B3D5A6C8E0F1B2D3C4A5E6F" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-1.amazonaws.com/id/4F2A9C1E7B3D5A6C8E0F1B2D3C4A5E6F:sub" = "system:serviceaccount:acme:api"
          "oidc.eks.eu-west-1.amazonaws.com/id/4F2A9C1E7B3D5A6C8E0F1B2D3C4A5E6F:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
