resource "aws_iam_role" "external_dns" {
  name = "depot-external-dns"
  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:kube-system:external-dns; the service account runs as networking:external-dns`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::404040404040:oidc-provider/oidc.eks.us-west-2.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9" }
      Condition = {
        StringEquals = {
          "oidc.eks.us-west-2.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9:sub" = "system:serviceaccount:kube-system:external-dns"
          "oidc.eks.us-west-2.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
