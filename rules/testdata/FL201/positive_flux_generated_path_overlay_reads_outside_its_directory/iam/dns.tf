resource "aws_iam_role" "dns" {
  name = "production-external-dns"
  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:kube-system:external-dns; the service account runs as dns:external-dns`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::210987654321:oidc-provider/oidc.eks.us-east-2.amazonaws.com/id/7A6B5C4D3E2F1A0B9C8D7E6F5A4B3C2D" }
      Condition = {
        StringEquals = {
          "oidc.eks.us-east-2.amazonaws.com/id/7A6B5C4D3E2F1A0B9C8D7E6F5A4B3C2D:sub" = "system:serviceaccount:kube-system:external-dns"
          "oidc.eks.us-east-2.amazonaws.com/id/7A6B5C4D3E2F1A0B9C8D7E6F5A4B3C2D:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
