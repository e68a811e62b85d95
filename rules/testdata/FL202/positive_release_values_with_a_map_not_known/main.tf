# The external-dns values are built in a local and encoded with
# yamlencode; the pod labels come from a map variable this tree gives no
# value. The account's name and role are known all the same, and the
# role trusts another account than the one the chart runs as.
variable "pod_labels" {
  type = map(string)
}

locals {
  issuer = "oidc.eks.eu-north-1.amazonaws.com/id/11AA22BB33CC44DD55EE66FF77008899"

  dns_values = {
    serviceAccount = {
      name = "external-dns"
      annotations = {
        "eks.amazonaws.com/role-arn" = aws_iam_role.dns.arn
      }
    }
    podLabels = var.pod_labels
  }
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
  values     = [yamlencode(local.dns_values)]
}
