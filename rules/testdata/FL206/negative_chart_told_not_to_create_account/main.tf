# The chart is told not to create its account: the pods run as one made
# elsewhere, under a name the values do not give.
resource "aws_iam_role" "dns" {
  name = "external-dns"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "helm_release" "external_dns" {
  name             = "external-dns"
  namespace        = "dns"
  create_namespace = true
  repository       = "https://kubernetes-sigs.github.io/external-dns/"
  chart            = "external-dns"
  version          = "1.15.0"
  values = [yamlencode({
    serviceAccount = { create = false }
  })]
}

resource "kubernetes_namespace_v1" "dns" {
  metadata {
    name = "dns"
  }
}

resource "aws_eks_pod_identity_association" "dns" {
  cluster_name    = "edge"
  namespace       = "dns"
  service_account = "dns-updater"
  role_arn        = aws_iam_role.dns.arn
}
