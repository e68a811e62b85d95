# The release's values are a heredoc; one line reads a setting decoded
# from a JSON variable this tree gives no value. The rest of the values,
# the account's name and role among them, are known, and the role trusts
# another account than the one the chart runs as.
variable "platform_json" {
  type = string
}

locals {
  issuer   = "oidc.eks.eu-north-1.amazonaws.com/id/11AA22BB33CC44DD55EE66FF77008899"
  platform = jsondecode(var.platform_json)
}

resource "aws_iam_role" "dns" {
  name = "edge-external-dns"
  assume_role_policy = jsonencode({ # want FL202 `trust of role "edge-external-dns" \(aws_iam_role.dns\) allows system:serviceaccount:dns:external-dns-sa; the service account bound to it is dns:external-dns`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::123456789012:oidc-provider/${local.issuer}" }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:dns:external-dns-sa"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "dns" {
  name       = "external-dns"
  namespace  = "dns"
  repository = "https://kubernetes-sigs.github.io/external-dns"
  chart      = "external-dns"
  version    = "1.15.0"

  values = [<<-EOT
    serviceAccount:
      name: external-dns
      annotations:
        eks.amazonaws.com/role-arn: ${aws_iam_role.dns.arn}
    domainFilters:
      - ${local.platform["zone"]}
  EOT
  ]
}
