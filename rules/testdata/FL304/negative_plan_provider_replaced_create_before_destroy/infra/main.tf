# The cluster was rebuilt with a new issuer: the provider is replaced, the
# new one created before the old one is destroyed, and the role's trust
# follows it by reference.
resource "aws_iam_openid_connect_provider" "eks" {
  url             = "https://oidc.eks.us-east-1.amazonaws.com/id/NEWA1B2C3D4E5F6A7B8C9D0E1F2A3B4"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]

  lifecycle {
    create_before_destroy = true
  }
}

resource "aws_iam_role" "external_dns" {
  name = "prod-external-dns"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.us-east-1.amazonaws.com/id/NEWA1B2C3D4E5F6A7B8C9D0E1F2A3B4:sub" = "system:serviceaccount:external-dns:external-dns"
          "oidc.eks.us-east-1.amazonaws.com/id/NEWA1B2C3D4E5F6A7B8C9D0E1F2A3B4:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
