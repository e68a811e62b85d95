resource "aws_iam_openid_connect_provider" "eks" {
  url            = "https://oidc.eks.ca-central-1.amazonaws.com/id/7A6B5C4D3E2F10987A6B5C4D3E2F1098"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.ca-central-1.amazonaws.com/id/7A6B5C4D3E2F10987A6B5C4D3E2F1098"
}

resource "aws_iam_role" "dns" {
  name = "edge-external-dns"
  assume_role_policy = jsonencode({ # want FL201:warning `trust of role "edge-external-dns" \(aws_iam_role.dns\) allows system:serviceaccount:kube-system:external-dns; the service account runs as edge-dns:external-dns`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:kube-system:external-dns"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

# The Argo CD Application is written at apply time for the bootstrap job
# to apply; that it is applied is taken, not shown.
resource "local_file" "external_dns_app" {
  filename = "${path.module}/../bootstrap/external-dns.yaml"
  content  = templatefile("${path.module}/templates/external-dns-app.yaml.tpl", { role_arn = aws_iam_role.dns.arn })
}
