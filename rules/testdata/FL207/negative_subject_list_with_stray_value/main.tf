resource "aws_iam_openid_connect_provider" "eks" {
  url            = "https://oidc.eks.ap-south-1.amazonaws.com/id/7E6D5C4B3A2918070F1E2D3C4B5A6978"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.ap-south-1.amazonaws.com/id/7E6D5C4B3A2918070F1E2D3C4B5A6978"
}

# The audience was pasted into the subject list by mistake. It is dead
# weight, but the controller's subject is listed too, and any one value
# of a key satisfies the condition: the role can be assumed.
resource "aws_iam_role" "dns" {
  name = "mumbai-external-dns"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:aud" = "sts.amazonaws.com"
          "${local.issuer}:sub" = ["system:serviceaccount:external-dns:external-dns", "sts.amazonaws.com"]
        }
      }
    }]
  })
}
