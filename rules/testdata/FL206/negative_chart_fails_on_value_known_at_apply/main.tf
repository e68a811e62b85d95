# The bootstrap chart hands the cluster's availability zones, known only
# once Terraform reads them, to an Argo CD Application whose chart ranges
# over them and creates the zone-aware agent's account, and its
# reporter's in a namespace of its own. faultline cannot render that
# chart (it gets a placeholder, not the list): neither a broken chart nor
# a missing account, in any namespace, follows from it.
data "aws_availability_zones" "available" {
  state = "available"
}

resource "kubernetes_namespace_v1" "netpol" {
  metadata {
    name = "netpol"
  }
}

resource "kubernetes_namespace_v1" "reports" {
  metadata {
    name = "netpol-reports"
  }
}

resource "helm_release" "bootstrap" {
  name      = "bootstrap"
  namespace = "argocd"
  chart     = "${path.module}/charts/bootstrap"

  values = [yamlencode({
    zones = data.aws_availability_zones.available.names
  })]
}

resource "aws_iam_role" "agent" {
  name = "zone-agent"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "agent" {
  cluster_name    = "core"
  namespace       = "netpol"
  service_account = "zone-agent"
  role_arn        = aws_iam_role.agent.arn
}

resource "aws_eks_pod_identity_association" "reporter" {
  cluster_name    = "core"
  namespace       = "netpol-reports"
  service_account = "zone-reporter"
  role_arn        = aws_iam_role.agent.arn
}
