resource "aws_iam_openid_connect_provider" "eks" {
  url            = "https://oidc.eks.eu-central-1.amazonaws.com/id/5F4E3D2C1B0A99887766554433221100"
  client_id_list = ["sts.amazonaws.com"]
}

locals {
  issuer = "oidc.eks.eu-central-1.amazonaws.com/id/5F4E3D2C1B0A99887766554433221100"
}

# The Thanos sidecar runs in the Prometheus pods. The trust names the
# account the team guessed; the chart names it after its fullname, which it
# cuts to 26 characters: monitoring-kube-prometheus-prometheus.
resource "aws_iam_role" "thanos" {
  name = "metrics-thanos-objstore"
  assume_role_policy = jsonencode({ # want FL202 `trust of role "metrics-thanos-objstore" \(aws_iam_role.thanos\) allows system:serviceaccount:monitoring:prometheus; the service account bound to it is monitoring:monitoring-kube-prometheus-prometheus`
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRoleWithWebIdentity"
      Principal = { Federated = aws_iam_openid_connect_provider.eks.arn }
      Condition = {
        StringEquals = {
          "${local.issuer}:sub" = "system:serviceaccount:monitoring:prometheus"
          "${local.issuer}:aud" = "sts.amazonaws.com"
        }
      }
    }]
  })
}

resource "helm_release" "monitoring" {
  name       = "monitoring"
  namespace  = "monitoring"
  repository = "https://prometheus-community.github.io/helm-charts"
  chart      = "kube-prometheus-stack"
  version    = "70.3.0"

  values = [yamlencode({
    prometheus = {
      serviceAccount = {
        annotations = {
          "eks.amazonaws.com/role-arn" = aws_iam_role.thanos.arn
        }
      }
    }
  })]
}
