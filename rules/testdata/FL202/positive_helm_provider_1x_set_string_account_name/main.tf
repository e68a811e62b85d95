# Still on the helm provider 1.x: the chart's account name is forced to a
# string with set_string, which 1.x applies after set. The trust names the
# account the chart used before the rename.
terraform {
  required_providers {
    helm = {
      source  = "hashicorp/helm"
      version = "~> 1.3"
    }
  }
}

resource "aws_iam_openid_connect_provider" "eks" {
  url             = "https://oidc.eks.eu-west-2.amazonaws.com/id/7F3A2C19D4E8B60A1C5E"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "exporter" {
  name = "billing-exporter"
  assume_role_policy = jsonencode({ # want FL202 `allows system:serviceaccount:billing:exporter; the service account bound to it is billing:billing-exporter`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-west-2.amazonaws.com/id/7F3A2C19D4E8B60A1C5E:sub" = "system:serviceaccount:billing:exporter"
          "oidc.eks.eu-west-2.amazonaws.com/id/7F3A2C19D4E8B60A1C5E:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "exporter" {
  name      = "exporter"
  namespace = "billing"
  chart     = "${path.module}/chart"

  set {
    name  = "serviceAccount.name"
    value = "exporter"
  }

  set_string {
    name  = "serviceAccount.name"
    value = "billing-exporter"
  }

  set {
    name  = "serviceAccount.roleArn"
    value = aws_iam_role.exporter.arn
  }
}
