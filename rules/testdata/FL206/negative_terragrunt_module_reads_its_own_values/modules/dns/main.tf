variable "cluster_name" {
  type = string
}

resource "aws_iam_role" "external_dns" {
  name = "${var.cluster_name}-external-dns"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = ["sts:AssumeRole", "sts:TagSession"]
      Principal = { Service = "pods.eks.amazonaws.com" }
    }]
  })
}

resource "aws_eks_pod_identity_association" "external_dns" {
  cluster_name    = var.cluster_name
  namespace       = "kube-system"
  service_account = "dns-updater"
  role_arn        = aws_iam_role.external_dns.arn
}

# Terragrunt runs Terraform in a copy of this module: the path is this
# module's values/ directory.
resource "helm_release" "external_dns" {
  name       = "external-dns"
  namespace  = "kube-system"
  repository = "https://kubernetes-sigs.github.io/external-dns/"
  chart      = "external-dns"
  version    = "1.15.0"
  values     = [templatefile("values/external-dns.yaml", { account = "dns-updater" })]
}
