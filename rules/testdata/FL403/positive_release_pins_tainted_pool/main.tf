resource "aws_eks_cluster" "shop" {
  name     = "shop"
  role_arn = "arn:aws:iam::111122223333:role/shop-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aa", "subnet-0bb"]
  }
}

resource "helm_release" "karpenter" {
  name       = "karpenter"
  namespace  = "kube-system"
  repository = "oci://public.ecr.aws/karpenter"
  chart      = "karpenter"
  version    = "1.3.3"
}

resource "helm_release" "reports" {
  name      = "reports"
  namespace = "reports"
  chart     = "./charts/reports"

  set {
    name  = "nodeSelector.karpenter\\.sh/nodepool"
    value = "gpu" # want FL403 `Deployment reports/reports-worker stays Pending: every NodePool or node group its selectors allow is tainted against it \(NodePool gpu: its nodes are tainted nvidia.com/gpu=true:NoSchedule\)`
  }
}
