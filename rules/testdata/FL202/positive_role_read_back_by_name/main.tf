resource "aws_iam_openid_connect_provider" "eks" {
  url            = "https://oidc.eks.eu-west-1.amazonaws.com/id/0F1E2D3C4B5A69788796A5B4C3D2E1F0"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.eu-west-1.amazonaws.com/id/0F1E2D3C4B5A69788796A5B4C3D2E1F0"
}

resource "aws_iam_role" "exporter" {
  name = "billing-cost-exporter"
  assume_role_policy = jsonencode({ # want FL202 `trust of role "billing-cost-exporter" \(aws_iam_role.exporter\) allows system:serviceaccount:finops:cost-exporter; the service account bound to it is finops:billing-exporter: kubernetes_service_account_v1.exporter`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:finops:cost-exporter"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

# Read back by its name further down, as if another team owned it: it is
# the role above.
data "aws_iam_role" "exporter" {
  name = "billing-cost-exporter"
}

resource "kubernetes_service_account_v1" "exporter" {
  metadata {
    name      = "billing-exporter"
    namespace = "finops"
    annotations = {
      "eks.amazonaws.com/role-arn" = data.aws_iam_role.exporter.arn
    }
  }
}
