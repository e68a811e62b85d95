resource "aws_iam_openid_connect_provider" "cluster" {
  url             = "https://oidc.eks.eu-central-1.amazonaws.com/id/4C7B19E2A8D64F3B95E0A1C7D2B8F6E3"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "web" {
  name = "shop-web"
  assume_role_policy = jsonencode({ # want FL202 `the service account bound to it is shop:shop-web`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.cluster.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-central-1.amazonaws.com/id/4C7B19E2A8D64F3B95E0A1C7D2B8F6E3:sub" = "system:serviceaccount:shop:web"
          "oidc.eks.eu-central-1.amazonaws.com/id/4C7B19E2A8D64F3B95E0A1C7D2B8F6E3:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
