# The system node group was deleted once Karpenter ran the workloads; the
# Karpenter chart is vendored and installed from the tree. Its controller
# keeps off the nodes it launches, so nothing is left to run it.
resource "aws_eks_cluster" "shop" {
  name     = "shop"
  role_arn = "arn:aws:iam::111122223333:role/shop-cluster"

  vpc_config {
    subnet_ids = ["subnet-0aa", "subnet-0bb"]
  }
}

resource "helm_release" "karpenter" {
  name      = "karpenter"
  namespace = "kube-system"
  chart     = "./charts/karpenter"
}
