# One IRSA module, applied by two roots (live/prod and live/staging) for
# two clusters. Its service account moved to kube-system; the trust still
# names external-dns. Each root is its own chain: two findings at the same
# line, each naming its root.
variable "issuer" {
  type = string
}

resource "aws_iam_role" "dns" {
  name = "dns-updater"

  assume_role_policy = jsonencode({ # want FL201:error `runs as kube-system:external-dns: module.irsa.kubernetes_service_account_v1.dns \(in root live/prod\)$` FL201:error `runs as kube-system:external-dns: module.irsa.kubernetes_service_account_v1.dns \(in root live/staging\)$`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::444455556666:oidc-provider/${var.issuer}" }
      Condition = {
        StringEquals = {
          "${var.issuer}:sub" = "system:serviceaccount:external-dns:external-dns"
          "${var.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "kubernetes_service_account_v1" "dns" {
  metadata {
    name      = "external-dns"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.dns.arn
    }
  }
}
