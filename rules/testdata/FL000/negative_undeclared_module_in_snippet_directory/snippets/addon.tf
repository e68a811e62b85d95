# Kept for copying into a root that declares the cluster module: not a
# root of its own (no backend, no other root's state read).
resource "aws_eks_addon" "coredns" {
  cluster_name = module.cluster.cluster_name
  addon_name   = "coredns"
}
