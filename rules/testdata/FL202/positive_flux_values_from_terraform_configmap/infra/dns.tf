# Terraform makes the role and hands its ARN to Flux through a ConfigMap
# the HelmRelease reads its values from; the account's name there is
# not the one the trust names.
resource "aws_iam_role" "external_dns" {
  name = "platform-external-dns"
  assume_role_policy = jsonencode({ # want FL202 `allows system:serviceaccount:dns:external-dns; the service account bound to it is dns:dns-updater`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = "arn:aws:iam::210987654321:oidc-provider/oidc.eks.us-west-2.amazonaws.com/id/4D3C2B1A0F9E8D7C6B5A4F3E2D1C0B9A" }
      Condition = {
        StringEquals = {
          "oidc.eks.us-west-2.amazonaws.com/id/4D3C2B1A0F9E8D7C6B5A4F3E2D1C0B9A:sub" = "system:serviceaccount:dns:external-dns"
          "oidc.eks.us-west-2.amazonaws.com/id/4D3C2B1A0F9E8D7C6B5A4F3E2D1C0B9A:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "kubernetes_config_map_v1" "external_dns_values" {
  metadata {
    name      = "external-dns-values"
    namespace = "dns"
  }
  data = {
    "values.yaml" = yamlencode({
      serviceAccount = {
        name        = "dns-updater"
        annotations = { "eks.amazonaws.com/role-arn" = aws_iam_role.external_dns.arn }
      }
    })
  }
}
