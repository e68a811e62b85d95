# The blue cluster's provider, registered with its issuer written out.
resource "aws_iam_openid_connect_provider" "blue" {
  url             = "https://oidc.eks.ap-southeast-2.amazonaws.com/id/0B1C2D3E4F5A6B7C8D9E0F1A2B3C4D5E"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# The principal by reference, the keys written out: one issuer.
resource "aws_iam_role" "image_sync" {
  name = "blue-image-sync"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.blue.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.ap-southeast-2.amazonaws.com/id/0B1C2D3E4F5A6B7C8D9E0F1A2B3C4D5E:sub" = "system:serviceaccount:registry:image-sync"
          "oidc.eks.ap-southeast-2.amazonaws.com/id/0B1C2D3E4F5A6B7C8D9E0F1A2B3C4D5E:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
