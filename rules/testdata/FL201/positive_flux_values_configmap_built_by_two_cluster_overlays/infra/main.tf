resource "aws_iam_openid_connect_provider" "eks" {
  url            = "https://oidc.eks.sa-east-1.amazonaws.com/id/6A7B8C9D0E1F2A3B4C5D6E7F8A9B0C1D"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.sa-east-1.amazonaws.com/id/6A7B8C9D0E1F2A3B4C5D6E7F8A9B0C1D"
}

# Written when the exporter ran in kube-system.
resource "aws_iam_role" "exporter" {
  name = "cloudwatch-exporter"
  assume_role_policy = jsonencode({ # want FL201 `trust of role "cloudwatch-exporter" \(aws_iam_role.exporter\) allows system:serviceaccount:kube-system:cloudwatch-exporter; the service account runs as observability:cloudwatch-exporter`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:kube-system:cloudwatch-exporter"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}
