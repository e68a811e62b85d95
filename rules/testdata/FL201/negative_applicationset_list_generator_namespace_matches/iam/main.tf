resource "aws_iam_openid_connect_provider" "orion" {
  url            = "https://oidc.eks.ca-central-1.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9"
  client_id_list = ["sts.amazonaws.com"]
}

resource "aws_iam_role" "external_dns" {
  name = "orion-external-dns"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.orion.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.ca-central-1.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9:sub" = "system:serviceaccount:external-dns:external-dns"
          "oidc.eks.ca-central-1.amazonaws.com/id/0A1B2C3D4E5F60718293A4B5C6D7E8F9:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
