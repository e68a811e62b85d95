# The DNS controller was first installed by hand as external-dns/external-dns;
# the platform chart now runs it in kube-system under its own account name.
locals {
  cluster_issuer = "oidc.eks.ap-southeast-2.amazonaws.com/id/0D15EA5E0D15EA5E0D15EA5E0D15EA5E"
}

resource "aws_iam_role" "dns" {
  name = "platform-dns-updater"

  assume_role_policy = jsonencode({ # want FL201 `allows system:serviceaccount:external-dns:external-dns; the service account runs as kube-system:dns-updater: kubernetes_service_account_v1.dns \(both the namespace, external-dns instead of kube-system, and the name, external-dns instead of dns-updater, differ\)`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::444455556666:oidc-provider/${local.cluster_issuer}" }
      Condition = {
        StringEquals = {
          "${local.cluster_issuer}:sub" = "system:serviceaccount:external-dns:external-dns"
          "${local.cluster_issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "kubernetes_service_account_v1" "dns" {
  metadata {
    name      = "dns-updater"
    namespace = "kube-system"
    annotations = {
      "eks.amazonaws.com/role-arn" = aws_iam_role.dns.arn
    }
  }
}
