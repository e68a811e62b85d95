# Karpenter was reinstalled into kube-system when we moved to v1; the Pod
# Identity association was written for the old install and still names
# the karpenter namespace. Nothing in this repository declares that
# namespace, but the chart's own service account provably runs elsewhere.
resource "aws_iam_role" "karpenter_controller" {
  name = "orders-karpenter-controller"

  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

resource "aws_eks_pod_identity_association" "karpenter" {
  cluster_name    = "orders"
  namespace       = "karpenter" # want FL206:error `binds IAM role "orders-karpenter-controller" \(aws_iam_role.karpenter_controller\) to service account karpenter/karpenter, but nothing in namespace karpenter runs as "karpenter"; "karpenter" exists in namespace kube-system`
  service_account = "karpenter"
  role_arn        = aws_iam_role.karpenter_controller.arn
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.2.0"

  set {
    name  = "settings.clusterName"
    value = "orders"
  }
}
