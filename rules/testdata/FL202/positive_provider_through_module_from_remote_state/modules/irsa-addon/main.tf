variable "oidc_provider_arn" {
  type = string
}

variable "oidc_provider" {
  type = string
}

resource "aws_iam_role" "cert_manager" {
  name = "cert-manager-dns01"
  assume_role_policy = jsonencode({ # want FL202:error `allows system:serviceaccount:cert-manager:cert-manager-acme; the service account bound to it is cert-manager:cert-manager`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = var.oidc_provider_arn }
      Condition = {
        StringEquals = {
          "${var.oidc_provider}:sub" = "system:serviceaccount:cert-manager:cert-manager-acme"
          "${var.oidc_provider}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "cert_manager" {
  name             = "cert-manager"
  repository       = "https://charts.jetstack.io"
  chart            = "cert-manager"
  version          = "v1.16.2"
  namespace        = "cert-manager"
  create_namespace = true

  set {
    name  = "serviceAccount.name"
    value = "cert-manager"
  }

  set {
    name  = "serviceAccount.annotations.eks\\.amazonaws\\.com/role-arn"
    value = aws_iam_role.cert_manager.arn
  }
}
