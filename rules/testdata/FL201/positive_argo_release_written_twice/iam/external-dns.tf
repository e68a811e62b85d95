resource "aws_iam_role" "external_dns" {
  name = "platform-external-dns"
  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:external-dns:external-dns; the service account runs as networking:external-dns`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::444455556666:oidc-provider/oidc.eks.eu-central-1.amazonaws.com/id/0F1E2D3C4B5A69788796A5B4C3D2E1F0" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-central-1.amazonaws.com/id/0F1E2D3C4B5A69788796A5B4C3D2E1F0:sub" = "system:serviceaccount:external-dns:external-dns"
          "oidc.eks.eu-central-1.amazonaws.com/id/0F1E2D3C4B5A69788796A5B4C3D2E1F0:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
