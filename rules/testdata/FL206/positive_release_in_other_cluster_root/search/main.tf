resource "aws_eks_cluster" "search" {
  name     = "search"
  role_arn = "arn:aws:iam::111122223333:role/search-cluster"
  vpc_config {
    subnet_ids = ["subnet-0e1", "subnet-0e2"]
  }
}

resource "aws_iam_role" "karpenter" {
  name = "search-karpenter"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Principal = { Service = "pods.eks.amazonaws.com" }
      Action    = ["sts:AssumeRole", "sts:TagSession"]
    }]
  })
}

# The chart runs in namespace karpenter; the association still names
# kube-system.
resource "aws_eks_pod_identity_association" "karpenter" {
  cluster_name    = aws_eks_cluster.search.name
  namespace       = "kube-system" # want FL206 `to service account kube-system/karpenter, but nothing in namespace kube-system runs as "karpenter" \(accounts there: "aws-load-balancer-controller"\); "karpenter" exists in namespace karpenter`
  service_account = "karpenter"
  role_arn        = aws_iam_role.karpenter.arn
}

resource "helm_release" "karpenter" {
  name             = "karpenter"
  namespace        = "karpenter"
  create_namespace = true
  repository       = "oci://public.ecr.aws/karpenter"
  chart            = "karpenter"
  version          = "1.6.0"
  values           = [yamlencode({ settings = { clusterName = aws_eks_cluster.search.name } })]
}

resource "helm_release" "lb" {
  name       = "aws-load-balancer-controller"
  namespace  = "kube-system"
  repository = "https://aws.github.io/eks-charts"
  chart      = "aws-load-balancer-controller"
  version    = "1.13.0"
  values     = [yamlencode({ clusterName = aws_eks_cluster.search.name })]
}
