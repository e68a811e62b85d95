resource "aws_iam_role" "autoscaler" {
  name = "ops-cluster-autoscaler"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

# Named after the chart; the chart names its account after the release
# and itself, since no rbac.serviceAccount.name is set.
resource "aws_eks_pod_identity_association" "autoscaler" {
  cluster_name    = "ops"
  namespace       = "kube-system"
  service_account = "cluster-autoscaler" # want FL206 `binds IAM role "ops-cluster-autoscaler" .* to service account kube-system/cluster-autoscaler, but nothing in namespace kube-system runs as "cluster-autoscaler" \(accounts there: "autoscaler-aws-cluster-autoscaler"\)`
  role_arn        = aws_iam_role.autoscaler.arn
}

resource "helm_release" "autoscaler" {
  name       = "autoscaler"
  repository = "https://kubernetes.github.io/autoscaler"
  chart      = "cluster-autoscaler"
  version    = "9.43.2"
  namespace  = "kube-system"

  set {
    name  = "autoDiscovery.clusterName"
    value = "ops"
  }
}
