resource "aws_iam_openid_connect_provider" "cluster" {
  url             = "https://oidc.eks.ap-southeast-2.amazonaws.com/id/0D0D0D0D0D0D0D0D0D0D0D0D0D0D0D0D"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "external_dns" {
  name = "external-dns"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.cluster.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.ap-southeast-2.amazonaws.com/id/0D0D0D0D0D0D0D0D0D0D0D0D0D0D0D0D:sub" = "system:serviceaccount:kube-system:external-dns"
          "oidc.eks.ap-southeast-2.amazonaws.com/id/0D0D0D0D0D0D0D0D0D0D0D0D0D0D0D0D:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
