provider "aws" {
  region = "eu-central-1"
  assume_role {
    role_arn = "arn:aws:iam::210987654321:role/platform-deployer"
  }
}

resource "aws_iam_openid_connect_provider" "cluster" {
  url             = "https://oidc.eks.eu-central-1.amazonaws.com/id/5E1F0C2B7A9D"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "vault_sync" {
  name = "platform-vault-sync"
  assume_role_policy = jsonencode({ # want FL202 `the service account bound to it is secrets:secret-sync`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.cluster.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-central-1.amazonaws.com/id/5E1F0C2B7A9D:sub" = "system:serviceaccount:secrets:vault-sync"
          "oidc.eks.eu-central-1.amazonaws.com/id/5E1F0C2B7A9D:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
