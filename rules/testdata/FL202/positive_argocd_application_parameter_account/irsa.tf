resource "aws_iam_openid_connect_provider" "this" {
  url             = "https://oidc.eks.ap-southeast-2.amazonaws.com/id/39F0C6A1E8B24D7795A3C1B0D6E8F24A"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "secrets" {
  name = "external-secrets"
  assume_role_policy = jsonencode({ # want FL202 `allows system:serviceaccount:external-secrets:external-secrets; the service account bound to it is external-secrets:eso-controller`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.this.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.ap-southeast-2.amazonaws.com/id/39F0C6A1E8B24D7795A3C1B0D6E8F24A:sub" = "system:serviceaccount:external-secrets:external-secrets"
        }
      }
    }]
  })
}
