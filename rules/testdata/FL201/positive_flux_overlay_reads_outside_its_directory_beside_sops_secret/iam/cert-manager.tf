resource "aws_iam_role" "cert_manager" {
  name = "staging-cert-manager"
  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:cert-manager:cert-manager; the service account runs as certs:cert-manager`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::123456789012:oidc-provider/oidc.eks.ap-southeast-2.amazonaws.com/id/5C4D3E2F1A0B9C8D7E6F5A4B3C2D1E0F" }
      Condition = {
        StringEquals = {
          "oidc.eks.ap-southeast-2.amazonaws.com/id/5C4D3E2F1A0B9C8D7E6F5A4B3C2D1E0F:sub" = "system:serviceaccount:cert-manager:cert-manager"
          "oidc.eks.ap-southeast-2.amazonaws.com/id/5C4D3E2F1A0B9C8D7E6F5A4B3C2D1E0F:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
