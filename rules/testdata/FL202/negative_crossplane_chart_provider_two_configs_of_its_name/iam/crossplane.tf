resource "aws_iam_openid_connect_provider" "platform" {
  url             = "https://oidc.eks.ap-southeast-2.amazonaws.com/id/7E6D5C4B3A29180F7E6D5C4B3A291800"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# Written when only the S3 family was installed.
resource "aws_iam_role" "crossplane" {
  name = "crossplane-aws"
  assume_role_policy = jsonencode({ # want FL203:warning `provider-aws-s3-\*`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.platform.arn }
      Condition = {
        StringLike = {
          "oidc.eks.ap-southeast-2.amazonaws.com/id/7E6D5C4B3A29180F7E6D5C4B3A291800:sub" = "system:serviceaccount:crossplane-system:provider-aws-s3-*"
        }
        StringEquals = {
          "oidc.eks.ap-southeast-2.amazonaws.com/id/7E6D5C4B3A29180F7E6D5C4B3A291800:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
