data "aws_caller_identity" "current" {}

resource "aws_iam_openid_connect_provider" "shop" {
  url             = "https://oidc.eks.ap-northeast-1.amazonaws.com/id/1F2E3D4C5B6A79881F2E3D4C5B6A7988"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

# The provider's ARN, wrapped once more in the prefix of one.
resource "aws_iam_role" "mailer" {
  name = "shop-mailer"
  assume_role_policy = jsonencode({ # want FL205 `lets in Federated principal arn:aws:iam::\$\{data.aws_caller_identity.current.account_id\}:oidc-provider/\$\{aws_iam_openid_connect_provider.shop.arn\}, an OIDC provider ARN whose provider part is aws_iam_openid_connect_provider.shop.arn, a provider's ARN itself`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::${data.aws_caller_identity.current.account_id}:oidc-provider/${aws_iam_openid_connect_provider.shop.arn}" }
      Condition = {
        StringEquals = {
          "oidc.eks.ap-northeast-1.amazonaws.com/id/1F2E3D4C5B6A79881F2E3D4C5B6A7988:sub" = "system:serviceaccount:shop:mailer"
          "oidc.eks.ap-northeast-1.amazonaws.com/id/1F2E3D4C5B6A79881F2E3D4C5B6A7988:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
