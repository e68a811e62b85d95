resource "aws_iam_openid_connect_provider" "eks" {
  url            = "https://oidc.eks.ap-northeast-2.amazonaws.com/id/1F2E3D4C5B6A79880F1E2D3C4B5A6978"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.ap-northeast-2.amazonaws.com/id/1F2E3D4C5B6A79880F1E2D3C4B5A6978"
}

resource "aws_iam_role" "mailer" {
  name = "notify-mailer"
  assume_role_policy = jsonencode({ # want FL201:warning `trust of role "notify-mailer" \(aws_iam_role.mailer\) allows system:serviceaccount:notify:mailer; the service account runs as notifications:mailer`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:notify:mailer"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

# Written at apply time for the deploy job to kubectl apply; the YAML is
# written inline, not rendered from a template file.
resource "local_file" "mailer_account" {
  filename = "${path.module}/../deploy/mailer-sa.yaml"
  content  = <<-EOT
    apiVersion: v1
    kind: ServiceAccount
    metadata:
      name: mailer
      namespace: notifications
      annotations:
        eks.amazonaws.com/role-arn: ${aws_iam_role.mailer.arn}
  EOT
}
