# Each workspace has its own values file: which one is read is known only
# when Terraform runs, so the account the chart creates is not known.
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

resource "kubernetes_namespace_v1" "dns" {
  metadata {
    name = "dns"
  }
}

resource "helm_release" "external_dns" {
  name       = "external-dns"
  namespace  = "dns"
  repository = "https://kubernetes-sigs.github.io/external-dns/"
  chart      = "external-dns"
  version    = "1.15.0"
  values     = [file("${path.module}/values/${terraform.workspace}/external-dns.yaml")]
}

resource "aws_eks_pod_identity_association" "dns" {
  cluster_name    = "edge"
  namespace       = "dns"
  service_account = "dns-updater"
  role_arn        = aws_iam_role.dns.arn
}
