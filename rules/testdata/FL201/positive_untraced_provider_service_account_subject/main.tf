# The provider and the issuer come from variables set elsewhere, but the
# trust allows a subject only a Kubernetes cluster's issuer signs: it is
# an IRSA trust, and the account annotated with the role runs elsewhere.
variable "oidc_provider_arn" {
  type = string
}

variable "oidc_issuer" {
  type = string
}

resource "aws_iam_role" "external_dns" {
  name = "external-dns"

  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:dns:external-dns; the service account runs as kube-system:external-dns: kubernetes_service_account_v1.external_dns`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = var.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${var.oidc_issuer}:sub" = "system:serviceaccount:dns:external-dns"
          "${var.oidc_issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "kubernetes_service_account_v1" "external_dns" {
  metadata {
    name      = "external-dns"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.external_dns.arn
    }
  }
}
