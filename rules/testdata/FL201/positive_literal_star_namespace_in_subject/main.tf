# Meant as "any namespace", but StringEquals compares the star as
# written: no namespace is called "*".
resource "aws_iam_role" "worker" {
  name = "billing-worker"
  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:\*:worker; the service account runs as billing:worker` FL207 `"system:serviceaccount:\*:worker" under StringEquals is compared literally`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::444455556666:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/6A5B4C3D2E1F0A9B8C7D6E5F4A3B2C1D" }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-1.amazonaws.com/id/6A5B4C3D2E1F0A9B8C7D6E5F4A3B2C1D:sub" = "system:serviceaccount:*:worker"
          "oidc.eks.eu-west-1.amazonaws.com/id/6A5B4C3D2E1F0A9B8C7D6E5F4A3B2C1D:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
