# The role annotation's key escapes its slash as well as its dots; Helm
# reads a backslash as escaping whatever follows it, so the chart gets the
# usual eks.amazonaws.com/role-arn annotation. The trust was written for
# the namespace the controller ran in before it moved to kube-system.
resource "aws_iam_openid_connect_provider" "eks" {
  url             = "https://oidc.eks.eu-north-1.amazonaws.com/id/0D4C2B19F7E3A85C6B1A"
  client_id_list  = ["sts.amazonaws.com"]
  thumbprint_list = ["9e99a48a9960b14926bb7f3b02e22da2b0ab7280"]
}

resource "aws_iam_role" "dns" {
  name = "media-external-dns"
  assume_role_policy = jsonencode({ # want FL201 `trust of role "media-external-dns" \(aws_iam_role.dns\) allows system:serviceaccount:dns:external-dns; the service account runs as kube-system:external-dns`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "oidc.eks.eu-north-1.amazonaws.com/id/0D4C2B19F7E3A85C6B1A:sub" = "system:serviceaccount:dns:external-dns"
          "oidc.eks.eu-north-1.amazonaws.com/id/0D4C2B19F7E3A85C6B1A:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "external_dns" {
  name       = "external-dns"
  namespace  = "kube-system"
  repository = "https://kubernetes-sigs.github.io/external-dns"
  chart      = "external-dns"
  version    = "1.15.0"

  set {
    name  = "serviceAccount.annotations.eks\\.amazonaws\\.com\\/role-arn"
    value = aws_iam_role.dns.arn
  }
}
