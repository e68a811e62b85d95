data "terraform_remote_state" "platform" {
  backend = "local"
  config = {
    path = "../platform/terraform.tfstate"
  }
}

locals {
  # The output is absent from the state, so lookup() gives the default.
  billing_namespace = lookup(data.terraform_remote_state.platform.outputs, "billing_namespace", "shared")
}

resource "aws_iam_openid_connect_provider" "eks" {
  url             = "https://oidc.eks.sa-east-1.amazonaws.com/id/8B3F0D6E2A1C47F9B5E0D3A6C9F2E1B4"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "invoicer" {
  name = "invoicer"
  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:billing:invoicer; the service account runs as shared:invoicer`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.sa-east-1.amazonaws.com/id/8B3F0D6E2A1C47F9B5E0D3A6C9F2E1B4:sub" = "system:serviceaccount:billing:invoicer"
          "oidc.eks.sa-east-1.amazonaws.com/id/8B3F0D6E2A1C47F9B5E0D3A6C9F2E1B4:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "kubernetes_service_account_v1" "invoicer" {
  metadata {
    name      = "invoicer"
    namespace = local.billing_namespace
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.invoicer.arn
    }
  }
}
