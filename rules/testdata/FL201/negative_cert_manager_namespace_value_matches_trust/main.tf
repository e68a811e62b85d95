# The chart (v1.9.0 on) puts every object, its controller's account too, in
# the namespace its "namespace" value names, not the release's: the trust
# names tls-system, where the account runs.
resource "aws_iam_role" "acme_dns" {
  name = "lumen-acme-dns"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::210987654321:oidc-provider/oidc.eks.ap-south-1.amazonaws.com/id/5E6F708192A3B4C5D6E7F8091A2B3C4D" }
      Condition = {
        StringEquals = {
          "oidc.eks.ap-south-1.amazonaws.com/id/5E6F708192A3B4C5D6E7F8091A2B3C4D:sub" = "system:serviceaccount:tls-system:cert-manager"
          "oidc.eks.ap-south-1.amazonaws.com/id/5E6F708192A3B4C5D6E7F8091A2B3C4D:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "cert_manager" {
  name      = "cert-manager"
  chart     = "oci://quay.io/jetstack/charts/cert-manager"
  version   = "v1.16.1"
  namespace = "cert-manager"
  values = [yamlencode({
    namespace = "tls-system"
    crds      = { enabled = true }
    serviceAccount = {
      annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.acme_dns.arn }
    }
  })]
}
